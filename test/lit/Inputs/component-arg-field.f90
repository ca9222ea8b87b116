! static-intensity-summary-component-arg.f90: the derived type and the
! module procedure that allocates its component and fills it (1 pass).
module field_m
  implicit none
  type field_t
    real(8), allocatable :: u(:)
  end type field_t
contains
  subroutine alloc(fld, n)
    type(field_t), intent(inout) :: fld
    integer, intent(in) :: n
    allocate(fld%u(n))
    fld%u = 1.0d0
  end subroutine alloc
end module field_m
