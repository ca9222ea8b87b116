! A time loop over a module variable around a parallel region: `do t = 1,
! nsteps` around `!$omp parallel do` over u and v(n, n), nsteps and n in
! the module, the arrays allocated in another file (NPB's shape: niter
! and the grid's dimensions in a module or COMMON block). Both are shared
! symbols, taken at the sample point, but only n is the arrays' size: the
! region's summary names nsteps among the symbols its counts read, and the
! join, which takes a summary's counts at the sample point only when they
! read nothing but the size's symbols, counts the time loop as a loop
! without a region is (guessed, confidence medium): 55.7 and 28.3 passes
! here, 22.7 and 11.9 without -fopenmp. Before: 6.66e+03 and 3.33e+03 (the
! region's exact count times nsteps's sample value, which the summary did
! not name).
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -fopenmp -fpass-plugin=%oli_pass -c %s -o kern.o
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/omp-time-global-main.f90 -o main.o
! RUN: %flang -fopenmp kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: %oli_cli sites prog | FileCheck %s

! CHECK: omp-time-global-main.f90:9 main u {{.*}} {{[1-9][0-9]([.][0-9]+)?}} streaming medium
! CHECK: omp-time-global-main.f90:9 main v {{.*}} {{[1-9][0-9]([.][0-9]+)?}} streaming medium
module fm
  implicit none
  integer :: n = 0, nsteps = 0
  real(8), allocatable :: u(:,:), v(:,:)
end module fm

subroutine sweep()
  use fm
  implicit none
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
