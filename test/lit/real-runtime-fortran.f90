! With the real runtime and CLI: the Fortran program (module ALLOCATE through
! the Fortran runtime, a plain ALLOCATE, a COMMON block, a module array)
! compiled with the plugin links with -loli, runs with correct results,
! `oli sites` lists its sites with file:line and names, and the runtime's
! report counts the ALLOCATE made inside the Fortran runtime against its site.
! REQUIRES: flang, oli-runtime, oli-cli
! Module files go to %t.mods, not into the source directory.
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: cd %S && env OLI_PASS_OPTIONS=root=%S %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -c %S/e2e-fortran.f90 -o %t.o
! RUN: %flang %t.o -L%oli_libdir -Wl,-rpath,%oli_libdir -loli -o %t.exe
! RUN: %t.exe | FileCheck %s --check-prefix=OUT
! RUN: %oli_cli sites %t.exe | FileCheck %s
! The runtime attributes the allocation made inside the Fortran runtime to the
! ALLOCATE site (one object of 50000 doubles):
! RUN: env OLI_REPORT=stderr %t.exe 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT

! OUT: sum 650000.0
! CHECK-DAG: {{^0x[0-9a-f]+}} fortran-allocate e2e-fortran.f90:22 grid::setup a ?
! CHECK-DAG: {{^0x[0-9a-f]+}} malloc e2e-fortran.f90:33 main colidx 560000
! CHECK-DAG: {{^0x[0-9a-f]+}} global e2e-fortran.f90 - /main_int_mem/ 80000
! CHECK-DAG: {{^0x[0-9a-f]+}} global e2e-fortran.f90 grid x 800000
! REPORT: {{0x[0-9a-f]+}} fortran-allocate e2e-fortran.f90:22 a 1 390.6 KiB
! REPORT: {{0x[0-9a-f]+}} malloc e2e-fortran.f90:33 colidx 1 546.9 KiB
