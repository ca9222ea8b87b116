! test/e2e/summary/fsized: n read at run time, the array allocated with n
! elements and handed to explicit-shape dummies in another file with n (by
! reference): written once, then read and written in 10 sweeps (21 passes)
program fsized
  implicit none
  integer :: n, it
  real(8), allocatable :: a(:)
  character(len=32) :: arg
  n = 1048576
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate(a(n))
  call fill(a, n)
  do it = 1, 10
    call relax(a, n)
  end do
  print *, a(n / 2)
end program fsized
