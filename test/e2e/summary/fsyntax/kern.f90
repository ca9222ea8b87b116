! a = b + c in array syntax: flang's loop runs over b's descriptor extent
subroutine add()
  use data_mod
  implicit none
  a(:) = b(:) + c(:)
end subroutine add
! c decays in an explicit loop over n
subroutine decay()
  use data_mod
  implicit none
  integer :: i
  do i = 1, n
    c(i) = 0.99d0 * c(i)
  end do
end subroutine decay
