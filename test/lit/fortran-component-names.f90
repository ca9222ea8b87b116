! Arrays that are components of a derived type (`type(grid_t) :: g` in a
! module, `allocate(g%u(n), g%v(n))`): flang's IR keeps the type's layout but
! not its components' names, so each object is named from the ALLOCATE
! statement's object list, its place among the line's allocations into g
! telling them apart: g%u, g%v (flang allocates inline, malloc), and, with
! a `stat=` and the list continued on the next line, g%w before g%p in the
! statement's order (through its runtime); each name goes with its own
! object's size. Before: every one was named g.
! REQUIRES: flang, oli-cli
! RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
! RUN: %flang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %s -o kern.o
! RUN: %oli_cli sites kern.o | FileCheck %s
! RUN: %flang kern.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
! RUN: env OLI_REPORT=%t.d/r.json ./prog && %oli_cli report %t.d/r.json | FileCheck --check-prefix=REPORT %s

! CHECK-DAG: fortran-component-names.f90:36 setup_ g%u 800{{ }}
! CHECK-DAG: fortran-component-names.f90:36 setup_ g%v 2400{{ }}
! CHECK-DAG: fortran-component-names.f90:37 setup_ g%w ?
! CHECK-DAG: fortran-component-names.f90:37 setup_ g%p ?
! REPORT-DAG: fortran-component-names.f90:37 g%w 1 15.6 KiB
! REPORT-DAG: fortran-component-names.f90:37 g%p 1 7.8 KiB
module gridmod
  implicit none
  type grid_t
    integer :: n = 0
    real(8), allocatable :: u(:), v(:), p(:), w(:)
  end type grid_t
  type(grid_t) :: g
end module gridmod

subroutine setup(n)
  use gridmod
  implicit none
  integer, intent(in) :: n
  integer :: ierr
  allocate(g%u(100), g%v(300))
  allocate(g%w(2000), &  ! w first
           g%p(1000), stat=ierr)
  g%n = n
end subroutine setup

program main
  call setup(10)
end program main
