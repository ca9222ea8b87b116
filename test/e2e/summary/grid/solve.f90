subroutine x_solve
  use grid_data
  implicit none
  integer :: i, j, k, m
  do k = 1, nz2
    do j = 1, ny2
      do i = 1, nx2
        do m = 1, 5
          lhs(m, i, j, k) = 1.0d0 + speed(i, j, k) * 0.1d0
          rhs(m, i, j, k) = (rhs(m, i, j, k) - 0.5d0 * rhs(m, i-1, j, k)) / lhs(m, i, j, k)
        end do
      end do
    end do
  end do
end subroutine
subroutine add
  use grid_data
  implicit none
  integer :: i, j, k, m
  do k = 1, nz2
    do j = 1, ny2
      do i = 1, nx2
        do m = 1, 5
          u(m, i, j, k) = u(m, i, j, k) + rhs(m, i, j, k)
        end do
      end do
    end do
  end do
end subroutine
subroutine adi
  call compute_rhs
  call x_solve
  call add
end subroutine
