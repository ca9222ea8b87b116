! flang-new-19 -fpass-plugin: module names are always FIRModule, so the file
! comes from the debug compile unit (-gline-tables-only) or, without debug
! info, from the file argument flang passes to its runtime calls; the line of
! an ALLOCATE(stat=) without debug info is the runtime call's line argument.
! The pass runs at -O0 and -O2 alike.
! REQUIRES: flang
! Module files go to %t.mods, not into the source directory.
! RUN: rm -rf %t.mods && mkdir -p %t.mods
! RUN: cd %S && %flang -O0 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -S -emit-llvm fortran-flang.f90 -o - | FileCheck %s --check-prefixes=CHECK,DBG
! RUN: cd %S && %flang -O2 -gline-tables-only -module-dir %t.mods -fpass-plugin=%oli_pass -S -emit-llvm fortran-flang.f90 -o - | FileCheck %s --check-prefixes=CHECK,DBG
! RUN: cd %S && %flang -O0 -module-dir %t.mods -fpass-plugin=%oli_pass -S -emit-llvm fortran-flang.f90 -o - | FileCheck %s --check-prefixes=CHECK,NODBG
module cg
  implicit none
  double precision, allocatable :: a(:)
  integer, pointer :: p(:)
contains
  subroutine setup(n)
    integer, intent(in) :: n
    integer :: ierr
    allocate(a(n), stat=ierr)
    allocate(p(n))
  end subroutine
end module cg

! DBG: i8 13, i8 2, i64 {{-?[0-9]+}}, i64 0, i32 20, i32 3, {{.*}} c"fortran-flang.f90\00cg::setup\00a\00
! DBG: i8 14, i8 2, i64 {{-?[0-9]+}}, i64 0, i32 21, i32 4, {{.*}} c"fortran-flang.f90\00cg::setup\00p\00
! NODBG: i8 13, i8 0, i64 {{-?[0-9]+}}, i64 0, i32 20, i32 0, {{.*}} c"fortran-flang.f90\00cg::setup\00a\00
! NODBG: i8 14, i8 0, i64 {{-?[0-9]+}}, i64 0, i32 21, i32 1, {{.*}} c"fortran-flang.f90\00cg::setup\00p\00
! CHECK-LABEL: define void @_QMcgPsetup(
! CHECK: call ptr @__oli_site_enter(ptr {{(nonnull )?}}@__oli_site)
! CHECK-NEXT: call i32 @_FortranAAllocatableAllocate(
! CHECK-NEXT: call void @__oli_site_leave(
! CHECK: call ptr @__oli_site_enter(ptr {{(nonnull )?}}@__oli_site.1)
! CHECK-NEXT: call i32 @_FortranAPointerAllocate(
! CHECK-NEXT: call void @__oli_site_leave(
