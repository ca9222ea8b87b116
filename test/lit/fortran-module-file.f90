! A Fortran file of module data only has no procedure, so flang emits no
! compile unit even with -gline-tables-only and no runtime call names the
! file: its globals' records take the file from flang's own input argument,
! never the module's name FIRModule.
! REQUIRES: flang
! Module files go to %t.mods, not into the source directory.
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: cd %S && %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -S -emit-llvm fortran-module-file.f90 -o - | FileCheck %s
! RUN: cd %S && %flang -O0 -module-dir %t.mods -fpass-plugin=%oli_pass -S -emit-llvm %S/fortran-module-file.f90 -o - | FileCheck %s
module fieldmod
  implicit none
  double precision :: field(200000)
end module fieldmod

! CHECK: i8 12, i8 1, i64 {{-?[0-9]+}}, i64 1600000, {{.*}} c"fortran-module-file.f90\00fieldmod\00field\00
! CHECK-NOT: FIRModule\00
