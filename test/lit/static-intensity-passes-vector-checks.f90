! Pass counts through the vectoriser's own code: the scalar loop after a
! vector loop starts where the vector loop ended (`or n.vec, 1` for a loop
! from 1, which SCEV leaves opaque), and a stencil loop from 2 to n - 1 is
! guarded by run-time checks joined by `or` against an index type's limit
! (`n - 2 > 2^31 - 4`), and its unrolled remainder's prologue tests the
! parity of a phi of those paths. All are decided at the sample point, in
! order: `a` is written once and read three times by the stencil (4
! passes), `b` written once (1 pass); exact, not guessed (no "guessed trip
! counts" after "keyed": module arrays are keyed, so confidence is low).
! Accepted: within 20% of the true count (the ranges below).
! REQUIRES: flang
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
module vector_checks_data
  implicit none
  integer :: n
  real(8), allocatable :: a(:), b(:)
end module vector_checks_data

program vector_checks
  use vector_checks_data
  implicit none
  integer :: i
  read(*,*) n
  allocate(a(n))
  ! CHECK-DAG: static-intensity-passes-vector-checks.f90:[[#@LINE-1]]:3: remark: site {{.*}} 'a' {{.*}} ({{(3[.][3-9][0-9]*|4|4[.][0-7][0-9]*)}} passes), streaming {{.*}}, keyed [-Rpass-analysis=oli]
  allocate(b(n))
  ! CHECK-DAG: static-intensity-passes-vector-checks.f90:[[#@LINE-1]]:3: remark: site {{.*}} 'b' {{.*}} ({{(0[.][89][0-9]*|1|1[.][01][0-9]*)}} passes), streaming {{.*}}, keyed [-Rpass-analysis=oli]
  do i = 1, n
    a(i) = sin(dble(i)) / dble(n)
  end do
  do i = 2, n - 1
    b(i) = a(i - 1) - 2.0d0 * a(i) + a(i + 1)
  end do
  print *, b(2)
end program vector_checks
