! A time loop over a dummy argument around a parallel region, the arrays
! module variables another file allocates: `sweep(nsteps)` runs `do t = 1,
! nsteps` around `!$omp parallel do` over u and v(n, n). The region's own
! loops are in n, the arrays' size, and are counted at the sample point;
! the calls of the outlined region per call of sweep are nsteps's, a
! parameter other files pass, which says nothing of the size. Those calls
! are then counted as the loops without a region are (a guessed time loop,
! confidence medium), not at the parameter's sample value 2047: 55.7 and
! 28.3 passes here, 22.7 and 11.9 without -fopenmp. Before: 5.12e+03 and
! 2.56e+03 (the region's exact count times 2047 steps).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fopenmp -fpass-plugin=%oli_pass -c %s -o kern.o
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/omp-time-main.f90 -o main.o
! RUN: %flang -fopenmp kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK: omp-time-main.f90:10 main u {{.*}} {{[1-9][0-9]([.][0-9]+)?}} streaming medium
! CHECK: omp-time-main.f90:10 main v {{.*}} {{[1-9][0-9]([.][0-9]+)?}} streaming medium
module fm
  implicit none
  integer :: n = 0
  real(8), allocatable :: u(:,:), v(:,:)
end module fm

subroutine sweep(nsteps)
  use fm
  implicit none
  integer, intent(in) :: nsteps
  integer :: i, j, t
  do t = 1, nsteps
    !$omp parallel do private(i)
    do j = 2, n - 1
      do i = 2, n - 1
        v(i, j) = u(i - 1, j) + u(i + 1, j)
      end do
    end do
    !$omp end parallel do
  end do
end subroutine sweep
