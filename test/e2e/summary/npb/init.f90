subroutine initialize()
  use sp_data
  implicit none
  integer :: i
  do i = 1, n
    u(i) = dble(i) / dble(n)
    rhs(i) = 0.0d0
    work(i) = 0.0d0
    forcing(i) = sin(dble(i))
  end do
end subroutine initialize
