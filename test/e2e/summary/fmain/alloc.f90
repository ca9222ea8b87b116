! ALLOCATE with stat= (the runtime's AllocatableAllocate, bounds set first)
! of the module's arrays, whose descriptors this file only declares: their
! element size is the one this file's code indexes them by.
subroutine alloc_all(nn)
  use fm_data
  implicit none
  integer, intent(in) :: nn
  integer :: ierr, i
  n = nn
  allocate(a(n), b(n), c(n), stat=ierr)
  if (ierr /= 0) stop 'alloc_all: out of memory'
  do i = 1, n
    a(i) = 1.0d0
    b(i) = 2.0d0
    c(i) = 0.0d0
  end do
end subroutine alloc_all
