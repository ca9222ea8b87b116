! Pass counts through OpenMP static worksharing loops: each thread runs its
! chunk of the range the region stores before __kmpc_for_static_init, and the
! chunks partition it, so per call of the region the loop runs the range once
! (not a guessed trip count, nor a guessed chance that a thread's chunk is
! empty). Written once and read once in two parallel loops over the array's
! own size: 2 passes, not guessed. Accepted: within 20% of the true count.
! REQUIRES: flang
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: %flang -O2 -fopenmp -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
module omp_static_data
  implicit none
  integer :: n
end module omp_static_data

program passes_omp_static
  use omp_static_data
  implicit none
  real(8), allocatable :: w(:)
  real(8) :: s
  integer :: i
  read(*,*) n
  allocate(w(n))
  ! CHECK: static-intensity-passes-omp-static.f90:[[#@LINE-1]]:3: remark: site {{.*}} 'w' {{.*}} ({{(1[.][6-9][0-9]*|2|2[.][0-4][0-9]*)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses{{(, keyed)?}} [-Rpass-analysis=oli]
  !$omp parallel do
  do i = 1, n
    w(i) = i
  end do
  s = 0
  !$omp parallel do reduction(+:s)
  do i = 1, n
    s = s + w(i)
  end do
  print *, s
end program passes_omp_static
