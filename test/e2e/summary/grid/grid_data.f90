! An NPB-SP-like grid in several files (written for oli's tests): module
! arrays of constant extents, the grid's sizes set by the main program to
! constants (grid_points, and nx2 = grid_points(1) - 2 ...), the solver's
! loops in other files running to them.
module grid_data
  implicit none
  integer, parameter :: problem_size = 24, niter = 20
  integer, parameter :: imax = problem_size, jmax = problem_size, kmax = problem_size
  integer :: grid_points(3), nx2, ny2, nz2
  double precision :: dt
  double precision, allocatable :: u(:,:,:,:), rhs(:,:,:,:), forcing(:,:,:,:)
  double precision, allocatable :: lhs(:,:,:,:), rho_i(:,:,:), speed(:,:,:)
contains
  subroutine alloc_space
    allocate(u(5, 0:imax-1, 0:jmax-1, 0:kmax-1), rhs(5, 0:imax-1, 0:jmax-1, 0:kmax-1))
    allocate(forcing(5, 0:imax-1, 0:jmax-1, 0:kmax-1), lhs(5, 0:imax-1, 0:jmax-1, 0:kmax-1))
    allocate(rho_i(0:imax-1, 0:jmax-1, 0:kmax-1), speed(0:imax-1, 0:jmax-1, 0:kmax-1))
  end subroutine
end module
