! test/lit/static-intensity-summary-module-length.f90: a: 1 + 10 x 2 = 21
! passes, b: 1 + 10 x 1 = 11
program p
  use st
  use k
  implicit none
  integer :: t
  call alloc_st(1048576)
  do t = 1, 10
    call relax(n, a, b)
  end do
  print *, b(n / 2)
end program p
