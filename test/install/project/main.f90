! The Fortran half of the user project: an ALLOCATE'd module array and a
! call into C.
module fields
  implicit none
  double precision, allocatable :: density(:)
end module fields

program userapp
  use fields
  use iso_c_binding
  implicit none
  interface
    type(c_ptr) function grid_make(n) bind(c, name="grid_make")
      import :: c_ptr, c_long
      integer(c_long), value :: n
    end function grid_make
  end interface
  type(c_ptr) :: g
  integer :: i
  allocate (density(400000))
  do i = 1, size(density)
    density(i) = i
  end do
  g = grid_make(400000_c_long)
  print '(a,f0.1)', 'sum ', sum(density)
end program userapp
