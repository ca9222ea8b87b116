! An NPB-like solver in several files (written for oli's tests): the arrays
! are module variables allocated in a *_data module and used by the solver
! files through USE; forcing is written once at set-up and read once (norm.f90).
module sp_data
  implicit none
  integer :: n
  double precision, allocatable :: u(:), rhs(:), work(:), forcing(:)
contains
  subroutine alloc_arrays(nn)
    integer, intent(in) :: nn
    n = nn
    allocate(u(n), rhs(n), work(n), forcing(n))
  end subroutine alloc_arrays
end module sp_data
