subroutine verify()
  implicit none
  integer, parameter :: n = 1000000
  double precision :: ref(n)
  common /check/ ref
  double precision :: s
  integer :: i
  s = 0.0d0
  do i = 1, n
    s = s + ref(i)
  end do
  print '(f20.3)', s
end subroutine verify
