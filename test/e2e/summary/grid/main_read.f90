! The grid stand-in's main program as NPB's reads its input: the step count
! and the grid's sizes from an input file when one opens, the problem's
! defaults otherwise (e2e/summaries-grid-read runs with none).
program grid_main_read
  use grid_data
  implicit none
  integer :: step, nsteps, fstatus
  open(unit=2, file='inputgrid.data', status='old', iostat=fstatus)
  if (fstatus == 0) then
    read(2, *) nsteps
    read(2, *) dt
    read(2, *) grid_points(1), grid_points(2), grid_points(3)
    close(2)
  else
    nsteps = niter
    dt = 0.001d0
    grid_points(1) = problem_size
    grid_points(2) = problem_size
    grid_points(3) = problem_size
  end if
  nx2 = grid_points(1) - 2
  ny2 = grid_points(2) - 2
  nz2 = grid_points(3) - 2
  call alloc_space
  call initialize
  call exact_rhs
  do step = 1, nsteps
    call adi
  end do
  call verify
end program
