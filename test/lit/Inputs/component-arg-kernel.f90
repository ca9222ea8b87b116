! static-intensity-summary-component-arg.f90: a kernel over an
! assumed-shape dummy (a read and a write of every element a call).
module kernel_m
  implicit none
contains
  subroutine scale(u)
    real(8), intent(inout) :: u(:)
    integer :: i
    do i = 1, size(u)
      u(i) = 0.5d0 * u(i)
    end do
  end subroutine scale
end module kernel_m
