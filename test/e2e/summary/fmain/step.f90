! One time step: a and b swept, c written once per step.
subroutine step(alpha)
  use fm_data
  implicit none
  double precision, intent(in) :: alpha
  integer :: i
  do i = 1, n
    a(i) = a(i) + alpha * b(i)
  end do
  do i = 1, n
    c(i) = a(i) - b(i)
  end do
end subroutine step
