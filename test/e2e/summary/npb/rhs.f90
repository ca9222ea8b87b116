subroutine compute_rhs()
  use sp_data
  implicit none
  integer :: i
  do i = 2, n - 1
    rhs(i) = u(i - 1) - 2.0d0 * u(i) + u(i + 1)
  end do
end subroutine compute_rhs
