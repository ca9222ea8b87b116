! test/lit/static-intensity-summary-assumed-shape-2d.f90 and
! static-intensity-assumed-shape-inlined.f90: kernels over 2-D assumed-shape
! dummies, one along the columns (j outer, i inner: a stream), one along
! the rows (i outer, j inner: a stride of a column)
module kern
  implicit none
contains
  subroutine relax(a)
    real(8), intent(inout) :: a(:,:)
    integer :: i, j
    do j = 1, size(a, 2)
      do i = 1, size(a, 1)
        a(i, j) = 0.5d0 * a(i, j) + 0.25d0
      end do
    end do
  end subroutine
  subroutine rowsum(b, s)
    real(8), intent(in) :: b(:,:)
    real(8), intent(out) :: s
    integer :: i, j
    real(8) :: r
    s = 0.0d0
    do i = 1, size(b, 1)
      r = 0.0d0
      do j = 1, size(b, 2)
        r = r + b(i, j)
      end do
      s = s + abs(r)
    end do
  end subroutine
end module
