! A Fortran kernel of another file whose loop is a parallel region (`!$omp
! parallel do`): flang outlines the loop and packs the region's shared
! variables' addresses into one struct the fork passes, so the outlined
! function reads n through a pointer loaded from that struct. That pointer
! is the address the kernel stored there, its dummy argument n
! (`relax_#2+0`, a scalar by reference), so the kernel's summary gives the
! arrays' passes in its own n, and the join counts them in the caller's:
! a written once, read and written in 10 calls, summed once: 22 passes; b
! written once, read in 10 calls: 11. Both `high`. Before: 15.4 and 8.03,
! guessed (the loop's bound a symbol of the region's own).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fopenmp -fpass-plugin=%oli_pass -c %s -o kern.o
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/omp-relax-main.f90 -o main.o
! RUN: %flang -fopenmp kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK: omp-relax-main.f90:10 main a {{.*}} {{2[12]([.][0-9]+)?}} streaming high
! CHECK: omp-relax-main.f90:10 main b {{.*}} {{1[01]([.][0-9]+)?}} streaming high
subroutine relax(a, b, n)
  implicit none
  integer, intent(in) :: n
  real(8), intent(inout) :: a(n)
  real(8), intent(in) :: b(n)
  integer :: i
  !$omp parallel do
  do i = 1, n
    a(i) = 0.5d0 * (a(i) + b(i))
  end do
end subroutine relax
