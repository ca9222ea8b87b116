! The main program loops over the steps and touches no array itself: its
! only count is the loop's (flang's main program is _QQmain, which the
! Fortran runtime's main calls).
program fmain
  use fm_data
  implicit none
  integer :: it, nn
  character(len=32) :: arg
  nn = 1000000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read(arg, *) nn
  end if
  call alloc_all(nn)
  do it = 1, 10
    call step(0.5d0)
  end do
end program fmain
