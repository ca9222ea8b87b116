! A Fortran module's fixed-size array (`real(8) :: hist(200000)`, 1.6 MB)
! used in another file: flang declares it there (@_QMhmEhist, external), and
! defines and registers it in the module's own file. The array itself is a
! key: the files that touch it summarise their accesses (fill doubles it in
! one sweep, a read and a write: 2 passes; its time loop stores one element
! per step, a guess), and the join counts them: 2.63 passes, high. Before:
! no estimate (the module's file has no access).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/module-array-main.f90 -o main.o
! RUN: %flang kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK: global {{.*}} hm hist 1600000 {{[0-9.]+}} 2.6{{[0-9]*}} streaming high
module hm
  implicit none
  real(8) :: hist(200000)
end module hm

subroutine fill(nsteps)
  use hm
  implicit none
  integer, intent(in) :: nsteps
  integer :: t, i
  do t = 1, nsteps
    hist(mod(t - 1, 200000) + 1) = real(t, 8)
  end do
  do i = 1, 200000
    hist(i) = hist(i) * 2.0d0
  end do
end subroutine fill
