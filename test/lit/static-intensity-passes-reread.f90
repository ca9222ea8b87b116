! Pass counts through a size read back from the slot its function stored it
! in last: `nt = 2 * n` is stored into a module variable, read back after a
! call to allocate the array, and the variable is stored again later (so it
! has no one value). The allocation reads the store before it, in `n`, the
! loops' own symbol: written once and read once, 2 passes, not guessed.
! Accepted: within 20% of the true count.
! REQUIRES: flang
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
module reread_data
  implicit none
  integer :: n, nt
end module reread_data

program passes_reread
  use reread_data
  implicit none
  real(8), allocatable :: w(:)
  real(8) :: s
  integer :: i
  read(*,*) n
  nt = 2 * n
  call touch()
  allocate(w(nt))
  ! CHECK: static-intensity-passes-reread.f90:[[#@LINE-1]]:3: remark: site {{.*}} 'w' {{.*}} ({{(1[.][6-9][0-9]*|2|2[.][0-4][0-9]*)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses{{(, keyed)?}} [-Rpass-analysis=oli]
  do i = 1, 2 * n
    w(i) = i
  end do
  call touch()
  s = 0
  do i = 1, 2 * n
    s = s + w(i)
  end do
  nt = int(s)
  print *, s, nt
end program passes_reread
