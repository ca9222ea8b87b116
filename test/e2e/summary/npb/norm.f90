subroutine forcing_norm(s)
  use sp_data
  implicit none
  double precision, intent(out) :: s
  integer :: i
  s = 0.0d0
  do i = 1, n
    s = s + forcing(i) * forcing(i)
  end do
end subroutine forcing_norm
