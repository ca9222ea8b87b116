! Pass counts through a size stored as an expression: `n = m * m` is stored
! into a module variable, the array is allocated with the expression and
! swept by loops that load `n` back after a call. The load is the stored
! expression in `m`, the size's own symbol: written once and read once, 2
! passes, not guessed. Accepted: within 20% of the true count.
! REQUIRES: flang
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
module stored_data
  implicit none
  integer :: m, n
end module stored_data

program passes_stored
  use stored_data
  implicit none
  real(8), allocatable :: w(:)
  real(8) :: s
  integer :: i, k
  read(*,*) k
  m = k
  n = k * k
  allocate(w(k * k))
  ! CHECK: static-intensity-passes-stored.f90:[[#@LINE-1]]:3: remark: site {{.*}} 'w' {{.*}} ({{(1[.][6-9][0-9]*|2|2[.][0-4][0-9]*)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses{{(, keyed)?}} [-Rpass-analysis=oli]
  call touch()
  do i = 1, n
    w(i) = i
  end do
  call touch()
  s = 0
  do i = 1, n
    s = s + w(i)
  end do
  print *, s
end program passes_stored
