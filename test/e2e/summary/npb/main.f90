program sp
  use sp_data
  implicit none
  integer :: step, nn, niter
  character(len=32) :: arg
  double precision :: s
  nn = 1000000
  niter = 10
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read(arg, *) nn
  end if
  call alloc_arrays(nn)
  call initialize()
  call forcing_norm(s)
  do step = 1, niter
    call compute_rhs()
    call adi()
  end do
  print *, s, u(1)
end program sp
