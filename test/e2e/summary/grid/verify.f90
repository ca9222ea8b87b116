subroutine verify
  use grid_data
  implicit none
  integer :: i, j, k, m
  double precision :: s
  s = 0.0d0
  do k = 0, grid_points(3) - 1
    do j = 0, grid_points(2) - 1
      do i = 0, grid_points(1) - 1
        do m = 1, 5
          s = s + u(m, i, j, k) ** 2
        end do
      end do
    end do
  end do
  print *, 'norm', s
end subroutine
