! Pass counts through a COMMON block: the size `n` is its second member, read
! back after a call (a load at a constant offset into the block). The
! allocation and the loops read the same slot, so their trip counts are in
! the size's own symbols: written once and read twice, 3 passes, exact (not
! guessed). Accepted: within 20% of the true count.
! REQUIRES: flang
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
program passes_common
  implicit none
  integer :: m, n
  common /dims/ m, n
  real(8), allocatable :: w(:)
  real(8) :: s
  integer :: i
  read(*,*) m, n
  call touch()
  allocate(w(n))
  ! CHECK: static-intensity-passes-common.f90:[[#@LINE-1]]:3: remark: site {{.*}} 'w' {{.*}} ({{(2[.][5-9][0-9]*|3|3[.][0-5][0-9]*)}} passes), streaming {{.*}}confidence {{(medium|high|low)}}, {{[0-9]+}} accesses{{(, keyed)?}} [-Rpass-analysis=oli]
  do i = 1, n
    w(i) = i
  end do
  call touch()
  s = 0
  do i = 1, n
    s = s + w(i)
  end do
  call touch()
  do i = 1, n
    s = s + w(i) * 2
  end do
  print *, s
end program passes_common
