! The solver's arrays: module arrays allocated at a run-time size.
module fm_data
  implicit none
  integer :: n
  double precision, allocatable :: a(:), b(:), c(:)
contains
  subroutine alloc_all(nn)
    integer, intent(in) :: nn
    n = nn
    allocate(a(n), b(n), c(n))
  end subroutine alloc_all
end module fm_data
