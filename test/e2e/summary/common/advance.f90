subroutine advance()
  implicit none
  integer, parameter :: n = 1000000
  double precision :: u(n), rhs(n)
  common /fields/ u, rhs
  integer :: it, i
  do it = 1, 12
    do i = 2, n - 1
      rhs(i) = u(i - 1) - 2.0d0 * u(i) + u(i + 1)
    end do
    do i = 2, n - 1
      u(i) = u(i) + 0.1d0 * rhs(i)
    end do
  end do
end subroutine advance
