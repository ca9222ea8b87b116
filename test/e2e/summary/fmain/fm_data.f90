! The solver's arrays: module arrays, allocated at a run-time size in another
! file (alloc.f90), as codes that keep the module to declarations do.
module fm_data
  implicit none
  integer :: n
  double precision, allocatable :: a(:), b(:), c(:)
end module fm_data
