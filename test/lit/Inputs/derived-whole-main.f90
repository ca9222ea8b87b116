! test/lit/static-intensity-summary-derived-whole.f90: the main program,
! whose derived-type variable (a global: flang's @_QFEg) is passed whole
program main
  use types
  use ops
  implicit none
  type(grid_t) :: g
  integer :: t, i, n
  n = 1048576
  g%n = n
  allocate (g%u(n), g%f(n))
  do i = 1, n
    g%u(i) = 1.0d0 / i
    g%f(i) = 1.0d-3
  end do
  do t = 1, 10
    call step(g)
  end do
  print *, g%u(n / 2)
end program
