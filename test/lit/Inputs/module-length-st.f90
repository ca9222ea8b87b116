! test/lit/static-intensity-summary-module-length.f90: the module whose
! arrays and length the main program passes to the kernel
module st
  implicit none
  integer :: n
  real(8), allocatable :: a(:), b(:)
contains
  subroutine alloc_st(nn)
    integer, intent(in) :: nn
    n = nn
    allocate(a(n), b(n))
    a = 1.0d0
    b = 0.0d0
  end subroutine alloc_st
end module st
