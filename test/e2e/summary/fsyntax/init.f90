subroutine init_data()
  use data_mod
  implicit none
  integer :: i
  allocate(a(n), b(n), c(n))
  do i = 1, n
    a(i) = 0.0d0
    b(i) = 1.0d0
    c(i) = dble(mod(i, 3))
  end do
end subroutine init_data
