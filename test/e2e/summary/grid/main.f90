program grid_main
  use grid_data
  implicit none
  integer :: step
  dt = 0.001d0
  grid_points(1) = problem_size
  grid_points(2) = problem_size
  grid_points(3) = problem_size
  nx2 = grid_points(1) - 2
  ny2 = grid_points(2) - 2
  nz2 = grid_points(3) - 2
  call alloc_space
  call initialize
  call exact_rhs
  do step = 1, niter
    call adi
  end do
  call verify
end program
