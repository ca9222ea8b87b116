! A Fortran code whose arrays are COMMON blocks (as NPB's are): each file
! that uses a block declares it, and each file's record of it estimates that
! file's accesses; the object's are their sum.
program cmain
  implicit none
  integer, parameter :: n = 1000000
  double precision :: u(n), rhs(n), ref(n)
  common /fields/ u, rhs
  common /check/ ref
  call setup()
  call advance()
  call verify()
  print '(f20.3)', u(n) + rhs(1) + ref(n)
end program cmain
