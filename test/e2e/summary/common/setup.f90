subroutine setup()
  implicit none
  integer, parameter :: n = 1000000
  double precision :: u(n), rhs(n), ref(n)
  common /fields/ u, rhs
  common /check/ ref
  integer :: i
  do i = 1, n
    u(i) = dble(i) * 1.0d-6
    rhs(i) = 0.0d0
    ref(i) = u(i)
  end do
end subroutine setup
