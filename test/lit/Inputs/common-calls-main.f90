program cmain
  implicit none
  integer, parameter :: n = 1000000
  double precision :: u(n)
  common /fields/ u
  integer :: it
  call setup()
  do it = 1, 10
     call step()
  end do
  print '(f20.3)', u(n)
end program cmain
