subroutine compute_rhs
  use grid_data
  implicit none
  integer :: i, j, k, m
  do k = 0, grid_points(3) - 1
    do j = 0, grid_points(2) - 1
      do i = 0, grid_points(1) - 1
        rho_i(i, j, k) = 1.0d0 / u(1, i, j, k)
        speed(i, j, k) = sqrt(abs(u(5, i, j, k) * rho_i(i, j, k)))
      end do
    end do
  end do
  do k = 1, nz2
    do j = 1, ny2
      do i = 1, nx2
        do m = 1, 5
          rhs(m, i, j, k) = forcing(m, i, j, k) + dt * (u(m, i+1, j, k) - 2.0d0 * u(m, i, j, k) &
               + u(m, i-1, j, k) + u(m, i, j+1, k) - u(m, i, j-1, k) + rho_i(i, j, k) * speed(i, j, k))
        end do
      end do
    end do
  end do
end subroutine
