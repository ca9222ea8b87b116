subroutine initialize
  use grid_data
  implicit none
  integer :: i, j, k, m
  do k = 0, grid_points(3) - 1
    do j = 0, grid_points(2) - 1
      do i = 0, grid_points(1) - 1
        do m = 1, 5
          u(m, i, j, k) = 1.0d0 + 0.01d0 * (i + j + k + m)
          rhs(m, i, j, k) = 0.0d0
          lhs(m, i, j, k) = 0.0d0
        end do
      end do
    end do
  end do
end subroutine
subroutine exact_rhs
  use grid_data
  implicit none
  integer :: i, j, k, m
  do k = 0, grid_points(3) - 1
    do j = 0, grid_points(2) - 1
      do i = 0, grid_points(1) - 1
        do m = 1, 5
          forcing(m, i, j, k) = 0.001d0 * (i - j + k * m)
        end do
      end do
    end do
  end do
end subroutine
