! test/e2e/summary/fsized: the kernels (e2e/summaries-fsized)
subroutine fill(a, n)
  integer :: n, i
  real(8) :: a(n)
  do i = 1, n
    a(i) = mod(i, 5)
  end do
end subroutine fill
subroutine relax(a, n)
  integer :: n, i
  real(8) :: a(n)
  do i = 1, n
    a(i) = 0.5d0 * a(i) + 1.0d0
  end do
end subroutine relax
