! A Fortran site gets the same ID when CMake compiles its preprocessed copy
! (flang -E FILE > CMakeFiles/app.dir/FILE-pp.f90, then flang -c on that, as
! CMake 3.25's Ninja generator does) as when flang compiles the file itself:
! flang's prescanner re-indents each statement and drops blanks in the copy,
! and the ID's column is taken back to the source's (two spaces, a tab, a
! blank before the parenthesis, a second statement after a semicolon).
! REQUIRES: flang
! RUN: rm -rf %t && mkdir -p %t/src %t/build/CMakeFiles/app.dir
! RUN: cp %s %t/src/ppid.f90
! RUN: cd %t/src && env OLI_PASS_OPTIONS=root=%t/src %flang -O1 -gline-tables-only -module-dir %t -fpass-plugin=%oli_pass -S -emit-llvm ppid.f90 -o - | grep 'section "oli_sites"' > %t/ids
! RUN: cd %t/build && %flang -cpp -E %t/src/ppid.f90 > CMakeFiles/app.dir/ppid.f90-pp.f90
! RUN: cd %t/build && env OLI_PASS_OPTIONS=root=%t/src %flang -O1 -gline-tables-only -module-dir %t -fpass-plugin=%oli_pass -S -emit-llvm CMakeFiles/app.dir/ppid.f90-pp.f90 -o - | grep 'section "oli_sites"' >> %t/ids
! RUN: FileCheck %s < %t/ids
! Without debug info the IDs count the calls; the same both ways too.
! RUN: cd %t/src && env OLI_PASS_OPTIONS=root=%t/src %flang -O1 -module-dir %t -fpass-plugin=%oli_pass -S -emit-llvm ppid.f90 -o - | grep 'section "oli_sites"' > %t/nodebug
! RUN: cd %t/build && env OLI_PASS_OPTIONS=root=%t/src %flang -O1 -module-dir %t -fpass-plugin=%oli_pass -S -emit-llvm CMakeFiles/app.dir/ppid.f90-pp.f90 -o - | grep 'section "oli_sites"' >> %t/nodebug
! RUN: FileCheck %s --check-prefix=NODEBUG < %t/nodebug
module ppid
  implicit none
  double precision, allocatable :: a(:), b(:), c(:)
contains
  subroutine setup(n)
    integer, intent(in) :: n
  allocate (a(n))
	allocate(b(n))
    a = 1 ;   allocate  (c(n))
  end subroutine setup
end module ppid

! The direct compile's three sites, then the copy's: same IDs, same lines.
! CHECK: i8 1, i8 2, i64 [[A:-?[0-9]+]], i64 0, i32 24, i32 2, {{.*}}c"ppid.f90\00ppid::setup\00a\00
! CHECK-NEXT: i8 1, i8 2, i64 [[B:-?[0-9]+]], i64 0, i32 25, i32 3, {{.*}}c"ppid.f90\00ppid::setup\00b\00
! CHECK-NEXT: i8 1, i8 2, i64 [[C:-?[0-9]+]], i64 0, i32 26, i32 4, {{.*}}c"ppid.f90\00ppid::setup\00c\00
! CHECK-NEXT: i8 1, i8 2, i64 [[A]], i64 0, i32 24, i32 2, {{.*}}c"ppid.f90\00ppid::setup\00a\00
! CHECK-NEXT: i8 1, i8 2, i64 [[B]], i64 0, i32 25, i32 3, {{.*}}c"ppid.f90\00ppid::setup\00b\00
! CHECK-NEXT: i8 1, i8 2, i64 [[C]], i64 0, i32 26, i32 4, {{.*}}c"ppid.f90\00ppid::setup\00c\00
! NODEBUG: i8 1, i8 0, i64 [[A:-?[0-9]+]], i64 0, i32 0, i32 0, {{.*}}c"ppid.f90\00ppid::setup\00a\00
! NODEBUG-NEXT: i8 1, i8 0, i64 [[B:-?[0-9]+]], i64 0, i32 0, i32 1, {{.*}}c"ppid.f90\00ppid::setup\00b\00
! NODEBUG-NEXT: i8 1, i8 0, i64 [[C:-?[0-9]+]], i64 0, i32 0, i32 2, {{.*}}c"ppid.f90\00ppid::setup\00c\00
! NODEBUG-NEXT: i8 1, i8 0, i64 [[A]], i64 0, i32 0, i32 0, {{.*}}c"ppid.f90\00ppid::setup\00a\00
! NODEBUG-NEXT: i8 1, i8 0, i64 [[B]], i64 0, i32 0, i32 1, {{.*}}c"ppid.f90\00ppid::setup\00b\00
! NODEBUG-NEXT: i8 1, i8 0, i64 [[C]], i64 0, i32 0, i32 2, {{.*}}c"ppid.f90\00ppid::setup\00c\00
