! The caller of static-intensity-summary-omp.f90's kernel: a and b of a
! run-time n, written once each, relax called 10 times, a summed once.
program main
  implicit none
  real(8), allocatable :: a(:), b(:)
  integer :: n, it
  character(len=32) :: arg
  call get_command_argument(1, arg)
  read(arg, *) n
  allocate(a(n), b(n))
  a = 1.0d0
  b = 2.0d0
  do it = 1, 10
    call relax(a, b, n)
  end do
  print *, sum(a)
end program main
