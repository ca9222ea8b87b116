! test/lit/static-intensity-summary-derived-whole.f90 and -derived-bound.f90:
! the subroutine another file passes its derived-type variable to, whole
module ops
  use types
  implicit none
contains
  subroutine step(g) ! u: read and written, f: read
    type(grid_t), intent(inout) :: g
    integer :: i
    do i = 1, g%n
      g%u(i) = g%u(i) + 0.5d0 * g%f(i)
    end do
  end subroutine
end module
