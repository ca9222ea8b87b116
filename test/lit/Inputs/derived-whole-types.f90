! test/lit/static-intensity-summary-derived-whole.f90: the derived type
module types
  implicit none
  type grid_t
    integer :: n
    real(8), allocatable :: u(:), f(:)
  end type
end module
