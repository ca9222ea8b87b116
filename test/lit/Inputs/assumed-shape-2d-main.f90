! test/lit/static-intensity-summary-assumed-shape-2d.f90 and
! static-intensity-assumed-shape-inlined.f90: the arrays, and the time loop
! over the kernels
module data
  implicit none
  real(8), allocatable :: a(:,:), b(:,:)
contains
  subroutine alloc_data(m)
    integer, intent(in) :: m
    integer :: i, j
    allocate (a(m, m), b(m, m))
    do j = 1, m
      do i = 1, m
        a(i, j) = 1.0d0 / (i + j)
        b(i, j) = 1.0d0 / (i + 2 * j)
      end do
    end do
  end subroutine
end module

program main
  use data
  use kern
  implicit none
  integer :: t
  real(8) :: s, s2, acc
  call alloc_data(1024)
  acc = 0.0d0
  do t = 1, 10
    call relax(a)
    call rowsum(a, s)
    call rowsum(b, s2)
    acc = acc + s + s2
  end do
  print *, acc, a(3, 3)
end program
