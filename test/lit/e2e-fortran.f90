! End to end, Fortran: a module array allocated with ALLOCATE(stat=) (the
! Fortran runtime's AllocatableAllocate, whose malloc is attributed to the
! site), a plain ALLOCATE of a module array (a direct malloc, its constant size
! a hint), a COMMON block and a module array with static size, compiled by
! flang-new-19 with the plugin and linked with the stub runtime; the program
! runs and the stub lists each site with file:line and names.
! REQUIRES: flang
! RUN: %clang -O1 -c -I%oli_include %stub_runtime -o %t.stub.o
! Module files go to %t.mods, not into the source directory.
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: cd %S && env OLI_PASS_OPTIONS=root=%S %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -c %s -o %t.o
! RUN: %flang %t.o %t.stub.o -o %t.exe
! RUN: %t.exe | FileCheck %s
module grid
  implicit none
  double precision, allocatable :: a(:), colidx(:)
  double precision :: x(100000)
contains
  subroutine setup(n)
    integer, intent(in) :: n
    integer :: ierr
    allocate(a(n), stat=ierr)
    if (ierr /= 0) stop 1
  end subroutine
end module grid

program main
  use grid
  implicit none
  integer :: iw(20000)
  common /main_int_mem/ iw
  call setup(50000)
  allocate(colidx(70000))
  a = 1; colidx = 2; iw = 3; x = 4
  print '(a,f8.1)', 'sum ', sum(a) + sum(colidx) + sum(iw) + sum(x)
end program

! CHECK: sum 650000.0
! CHECK: stub: version-check=1
! CHECK-DAG: global name=/main_int_mem/ size=80000 aligned=1
! CHECK-DAG: global name=x size=800000 aligned=1
! CHECK-DAG: site id={{[0-9a-f]+}} kind=13 at=e2e-fortran.f90:22 func=grid::setup name=a size=? count=1
! CHECK-DAG: site id={{[0-9a-f]+}} kind=1 at=e2e-fortran.f90:33 func=main name=colidx size=560000 count=1
! CHECK-DAG: site id={{[0-9a-f]+}} kind=12 at=e2e-fortran.f90:0 func= name=/main_int_mem/ size=80000 count=1
! CHECK-DAG: site id={{[0-9a-f]+}} kind=12 at=e2e-fortran.f90:0 func=grid name=x size=800000 count=1
