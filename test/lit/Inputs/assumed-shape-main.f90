! test/lit/static-intensity-summary-assumed-shape.f90: the arrays, and the
! calls of its kernel
module data
  implicit none
  double precision, allocatable :: u(:), v(:)
contains
  subroutine alloc_all(n)
    integer, intent(in) :: n
    allocate (u(n), v(n))
    u = 1.0d0
    v = 2.0d0
  end subroutine
end module

program main
  use data
  use kern
  implicit none
  integer :: it, n
  character(len=32) :: arg
  n = 1048576
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  call alloc_all(n)
  do it = 1, 10
    call axpy(v, u, 0.5d0)
  end do
  print *, v(n)
end program
