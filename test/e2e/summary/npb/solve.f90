subroutine adi()
  use sp_data
  implicit none
  integer :: i
  do i = 1, n
    work(i) = 0.5d0 * rhs(i)
  end do
  do i = 1, n
    u(i) = u(i) + work(i)
  end do
end subroutine adi
