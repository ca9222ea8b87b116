module data_mod
  implicit none
  integer :: n = 1048576
  real(8), allocatable :: a(:), b(:), c(:)
end module data_mod
