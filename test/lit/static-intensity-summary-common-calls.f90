! A COMMON block each file declares, swept in a subroutine another file
! calls in a loop: setup.f90 writes /fields/ once, this file's step reads
! and writes it, and the main program calls step 10 times. Each file's
! record of the block estimates its own accesses, this file's counting step
! once (it has no main); its summary gives them under its private key, and
! the join adds the 9 calls beyond that one: 1 + 10 x 2 = 21 passes (the
! single-file build: 21). Before: 3 (each file's accesses summed once).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/common-calls-setup.f90 -o setup.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %s -o step.o
! RUN: %flang -O2 -fpass-plugin=%oli_pass -c %inputs/common-calls-main.f90 -o main.o
! RUN: %flang setup.o step.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK: global {{.*}} /fields/ 8000000 {{[0-9.]+}} 21 streaming
subroutine step()
  implicit none
  integer, parameter :: n = 1000000
  double precision :: u(n)
  common /fields/ u
  integer :: i
  do i = 1, n
     u(i) = 0.5d0 * u(i) + 1.0d0
  end do
end subroutine step
