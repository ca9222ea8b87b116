program main
  use fm
  implicit none
  character(len=16) :: arg
  integer :: nsteps
  call get_command_argument(1, arg)
  read (arg, *) n
  call get_command_argument(2, arg)
  read (arg, *) nsteps
  allocate (u(n, n), v(n, n))
  u = 1.0d0
  v = 0.0d0
  call sweep(nsteps)
  print *, v(2, 2)
end program main
