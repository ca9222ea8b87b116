! CMake's Ninja generator preprocesses a Fortran source (flang -E main.f90 >
! build/.../main.f90-pp.f90) and compiles the output; flang's debug info then
! names the output. The records name the file the user wrote, from the
! output's line marker: globals of a module and of the main program, and an
! ALLOCATE site, with -g and without.
! REQUIRES: flang
! RUN: rm -rf %t.dir && mkdir -p %t.dir/CMakeFiles/app.dir
! RUN: %flang -E %s > %t.dir/CMakeFiles/app.dir/main.f90-pp.f90
! RUN: cd %t.dir && env OLI_PASS_OPTIONS=root=%S %flang -O1 -g -module-dir %t.dir -fpass-plugin=%oli_pass -S -emit-llvm CMakeFiles/app.dir/main.f90-pp.f90 -o - | FileCheck %s
! RUN: cd %t.dir && env OLI_PASS_OPTIONS=root=%S %flang -O1 -module-dir %t.dir -fpass-plugin=%oli_pass -S -emit-llvm CMakeFiles/app.dir/main.f90-pp.f90 -o - | FileCheck %s
module ppfields
  implicit none
  double precision :: field(300000)
  double precision, allocatable :: density(:)
end module ppfields

program ppmain
  use ppfields
  implicit none
  double precision :: grid(400000)
  integer :: i
  allocate (density(500000))
  do i = 1, 400000
    grid(i) = i
  end do
  density(1) = grid(7)
  field(1) = density(1)
  print *, field(1), grid(400000)
end program ppmain

! CHECK-DAG: c"fortran-preprocessed.f90\00ppfields\00field\00
! CHECK-DAG: c"fortran-preprocessed.f90\00main\00grid\00
! CHECK-DAG: c"fortran-preprocessed.f90\00main\00density\00
! CHECK-NOT: -pp.f90\00
