; An ALLOCATE whose bounds flang sets with _FortranA{Allocatable,Pointer}SetBounds
; constants (NPB 3.4: npbparams.h parameters) gets an exact size hint (flag 1):
; element size from the descriptor's initializer (or the nullified descriptor
; stored before a POINTER ALLOCATE) times every dimension's extent. A bound
; that is not constant, a dimension without its SetBounds, or another call
; that takes the descriptor gives no hint (size 0, flag 0).
; Input: flang-new-19 -O2 (the IR at pipeline start) of
;   double precision, allocatable :: u(:,:,:,:), us(:,:,:); integer(8), pointer :: pp(:,:)
;   allocate (u(5, 0:36, 0:36, 0:35), us(0:36, 0:36, 0:35), stat=ios); allocate (pp(10, 20))
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@_QMsp_dataEpp = global { ptr, i64, i32, i8, i8, i8, i8, [2 x [3 x i64]] } { ptr null, i64 ptrtoint (ptr getelementptr (i64, ptr null, i32 1) to i64), i32 20180515, i8 2, i8 10, i8 1, i8 0, [2 x [3 x i64]] [[3 x i64] [i64 1, i64 0, i64 ptrtoint (ptr getelementptr (i64, ptr null, i32 1) to i64)], [3 x i64] [i64 1, i64 0, i64 0]] }
@_QMsp_dataEu = global { ptr, i64, i32, i8, i8, i8, i8, [4 x [3 x i64]] } { ptr null, i64 ptrtoint (ptr getelementptr (double, ptr null, i32 1) to i64), i32 20180515, i8 4, i8 28, i8 2, i8 0, [4 x [3 x i64]] [[3 x i64] [i64 1, i64 0, i64 ptrtoint (ptr getelementptr (double, ptr null, i32 1) to i64)], [3 x i64] [i64 1, i64 0, i64 0], [3 x i64] [i64 1, i64 0, i64 0], [3 x i64] [i64 1, i64 0, i64 0]] }
@_QMsp_dataEus = global { ptr, i64, i32, i8, i8, i8, i8, [3 x [3 x i64]] } { ptr null, i64 ptrtoint (ptr getelementptr (double, ptr null, i32 1) to i64), i32 20180515, i8 3, i8 28, i8 2, i8 0, [3 x [3 x i64]] [[3 x i64] [i64 1, i64 0, i64 ptrtoint (ptr getelementptr (double, ptr null, i32 1) to i64)], [3 x i64] [i64 1, i64 0, i64 0], [3 x i64] [i64 1, i64 0, i64 0]] }
@_QQclX73702E66393000 = linkonce constant [7 x i8] c"sp.f90\00", comdat
$_QQclX73702E66393000 = comdat any

; u: 8 * 5 * 37 * 37 * 36 bytes; us: 8 * 37 * 37 * 36; pp: 8 * 10 * 20
; CHECK: @[[U:__oli_site]] = private global {{.*}} i8 13, i8 1, i64 {{-?[0-9]+}}, i64 1971360, {{.*}}\00u\00
; CHECK: @[[US:__oli_site.1]] = private global {{.*}} i8 13, i8 1, i64 {{-?[0-9]+}}, i64 394272, {{.*}}\00us\00
; CHECK: @[[PP:__oli_site.2]] = private global {{.*}} i8 14, i8 1, i64 {{-?[0-9]+}}, i64 1600, {{.*}}\00pp\00
; CHECK: @[[ARG:__oli_site.3]] = private global {{.*}} i8 13, i8 0, i64 {{-?[0-9]+}}, i64 0, {{.*}}\00us\00
; CHECK: @[[DIM:__oli_site.4]] = private global {{.*}} i8 13, i8 0, i64 {{-?[0-9]+}}, i64 0, {{.*}}\00us\00
; CHECK: @[[OTHER:__oli_site.5]] = private global {{.*}} i8 13, i8 0, i64 {{-?[0-9]+}}, i64 0, {{.*}}\00u\00

define void @alloc_space_() {
; CHECK-LABEL: define void @alloc_space_(
; CHECK: call ptr @__oli_site_enter(ptr @[[U]])
; CHECK: call ptr @__oli_site_enter(ptr @[[US]])
; CHECK: call ptr @__oli_site_enter(ptr @[[PP]])
  %1 = alloca { ptr, i64, i32, i8, i8, i8, i8, [2 x [3 x i64]] }, align 8
  %2 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEu, i32 0, i64 1, i64 5)
  %3 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEu, i32 1, i64 0, i64 36)
  %4 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEu, i32 2, i64 0, i64 36)
  %5 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEu, i32 3, i64 0, i64 35)
  %6 = call i32 @_FortranAAllocatableAllocate(ptr @_QMsp_dataEu, i1 true, ptr null, ptr @_QQclX73702E66393000, i32 12)
  %7 = icmp eq i32 %6, 0
  br i1 %7, label %8, label %13

8:
  %9 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEus, i32 0, i64 0, i64 36)
  %10 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEus, i32 1, i64 0, i64 36)
  %11 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEus, i32 2, i64 0, i64 35)
  %12 = call i32 @_FortranAAllocatableAllocate(ptr @_QMsp_dataEus, i1 true, ptr null, ptr @_QQclX73702E66393000, i32 12)
  br label %13

13:
  store { ptr, i64, i32, i8, i8, i8, i8, [2 x [3 x i64]] } { ptr null, i64 ptrtoint (ptr getelementptr (i64, ptr null, i32 1) to i64), i32 20180515, i8 2, i8 10, i8 1, i8 0, [2 x [3 x i64]] [[3 x i64] [i64 1, i64 0, i64 ptrtoint (ptr getelementptr (i64, ptr null, i32 1) to i64)], [3 x i64] [i64 1, i64 0, i64 0]] }, ptr %1, align 8
  %14 = load { ptr, i64, i32, i8, i8, i8, i8, [2 x [3 x i64]] }, ptr %1, align 8
  store { ptr, i64, i32, i8, i8, i8, i8, [2 x [3 x i64]] } %14, ptr @_QMsp_dataEpp, align 8
  %15 = call {} @_FortranAPointerSetBounds(ptr @_QMsp_dataEpp, i32 0, i64 1, i64 10)
  %16 = call {} @_FortranAPointerSetBounds(ptr @_QMsp_dataEpp, i32 1, i64 1, i64 20)
  %17 = call i32 @_FortranAPointerAllocate(ptr @_QMsp_dataEpp, i1 false, ptr null, ptr @_QQclX73702E66393000, i32 13)
  ret void
}

; allocate (us(0:n, 0:36, 0:35)); a dimension not set; u passed to a call
; before its ALLOCATE.
define void @no_hint_(ptr %n) {
; CHECK-LABEL: define void @no_hint_(
; CHECK: call ptr @__oli_site_enter(ptr @[[ARG]])
; CHECK: call ptr @__oli_site_enter(ptr @[[DIM]])
; CHECK: call ptr @__oli_site_enter(ptr @[[OTHER]])
  %1 = load i32, ptr %n, align 4
  %2 = sext i32 %1 to i64
  %3 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEus, i32 0, i64 0, i64 %2)
  %4 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEus, i32 1, i64 0, i64 36)
  %5 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEus, i32 2, i64 0, i64 35)
  %6 = call i32 @_FortranAAllocatableAllocate(ptr @_QMsp_dataEus, i1 true, ptr null, ptr @_QQclX73702E66393000, i32 20)
  %7 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEus, i32 0, i64 0, i64 36)
  %8 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEus, i32 2, i64 0, i64 35)
  %9 = call i32 @_FortranAAllocatableAllocate(ptr @_QMsp_dataEus, i1 true, ptr null, ptr @_QQclX73702E66393000, i32 21)
  %10 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEu, i32 0, i64 1, i64 5)
  %11 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEu, i32 1, i64 0, i64 36)
  call void @reshape_(ptr @_QMsp_dataEu)
  %12 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEu, i32 2, i64 0, i64 36)
  %13 = call {} @_FortranAAllocatableSetBounds(ptr @_QMsp_dataEu, i32 3, i64 0, i64 35)
  %14 = call i32 @_FortranAAllocatableAllocate(ptr @_QMsp_dataEu, i1 true, ptr null, ptr @_QQclX73702E66393000, i32 22)
  ret void
}

declare void @reshape_(ptr)
declare {} @_FortranAAllocatableSetBounds(ptr, i32, i64, i64)
declare i32 @_FortranAAllocatableAllocate(ptr, i1 zeroext, ptr, ptr, i32)
declare {} @_FortranAPointerSetBounds(ptr, i32, i64, i64)
declare i32 @_FortranAPointerAllocate(ptr, i1 zeroext, ptr, ptr, i32)
