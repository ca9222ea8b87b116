! NUMA lab Fortran workload, compiled WITH the oli plugin by flang-new-19: a module
! ALLOCATE (NPB style, through the Fortran runtime), a small ALLOCATE and a COMMON
! block. Like objects.c, it prints the kernel's page count per node of each object
! (lab_object_f in labutil.c), keyed by the source line of its ALLOCATE.
!   lab_fobjects RUN
! Sizes: 32 MiB and the 20 MiB COMMON block are >= 10% of the ~54 MiB footprint,
! the 2 MiB array is not.
module lab_arrays
  implicit none
  real(8), allocatable :: fa(:)
  real(8), allocatable :: fb(:)
end module lab_arrays

program fobjects
  use iso_c_binding
  use lab_arrays
  implicit none
  integer, parameter :: na = 4194304, nb = 262144, nc = 2621440
  real(8) :: cblk(nc)
  common /labcom/ cblk
  interface
    subroutine lab_object_f(run, name, file, line, p, len) bind(C, name="lab_object_f")
      import :: c_char, c_int, c_double, c_long
      character(kind=c_char), dimension(*) :: run, name, file
      integer(c_int), value :: line
      real(c_double), dimension(*) :: p   ! by reference: the array's address
      integer(c_long), value :: len
    end subroutine
  end interface
  character(len=32) :: run
  integer :: la, lb, i
  logical :: ok
  call get_command_argument(1, run)
  if (len_trim(run) == 0) run = 'run'
  allocate(fa(na)); la = __LINE__
  allocate(fb(nb)); lb = __LINE__
  do i = 1, na
    fa(i) = real(i, 8)
  end do
  do i = 1, nb
    fb(i) = real(2 * i, 8)
  end do
  do i = 1, nc
    cblk(i) = real(3 * i, 8)
  end do
  ok = .true.
  do i = 1, na, 997
    if (fa(i) /= real(i, 8)) ok = .false.
  end do
  do i = 1, nb, 97
    if (fb(i) /= real(2 * i, 8)) ok = .false.
  end do
  do i = 1, nc, 997
    if (cblk(i) /= real(3 * i, 8)) ok = .false.
  end do
  if (ok) then
    print '(a,a,a)', 'OLI-LAB alloc run=', trim(run), ' ok=1'
  else
    print '(a,a,a)', 'OLI-LAB alloc run=', trim(run), ' ok=0'
  end if
  flush(6)
  call lab_object_f(trim(run)//c_null_char, 'falloc'//c_null_char, 'fobjects.F90'//c_null_char, &
                    int(la, c_int), fa, int(8 * na, c_long))
  call lab_object_f(trim(run)//c_null_char, 'fsmall'//c_null_char, 'fobjects.F90'//c_null_char, &
                    int(lb, c_int), fb, int(8 * nb, c_long))
  call lab_object_f(trim(run)//c_null_char, 'common'//c_null_char, 'fobjects.F90'//c_null_char, &
                    0_c_int, cblk, int(8 * nc, c_long))
end program fobjects
