subroutine setup()
  implicit none
  integer, parameter :: n = 1000000
  double precision :: u(n)
  common /fields/ u
  integer :: i
  do i = 1, n
     u(i) = dble(i)
  end do
end subroutine setup
