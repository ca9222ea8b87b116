; flang's _FortranAPointerAllocate[Source] calls are bracketed like ALLOCATE,
; kind 14 (FORTRAN_POINTER_ALLOCATE). The file comes from the runtime call's
; argument (absolute /s/grid.f90, no debug info): outside the compile
; directory and any checkout it is named without its leading "/" (site-ids.md).
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_QMgridEp = global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer
@_QQclX = linkonce constant [12 x i8] c"/s/grid.f90\00", comdat
$_QQclX = comdat any

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 14, i8 0, {{.*}} c"s/grid.f90\00grid::mk\00p\00
; CHECK: @[[S1:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 14, i8 0,

define void @_QMgridPmk() {
; CHECK-LABEL: define void @_QMgridPmk(
; CHECK-NEXT:    %oli.prev = call ptr @__oli_site_enter(ptr @[[S0]])
; CHECK-NEXT:    %r = call i32 @_FortranAPointerAllocate(
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev)
; CHECK-NEXT:    %oli.prev1 = call ptr @__oli_site_enter(ptr @[[S1]])
; CHECK-NEXT:    %s = call i32 @_FortranAPointerAllocateSource(
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev1)
  %r = call i32 @_FortranAPointerAllocate(ptr @_QMgridEp, i1 false, ptr null, ptr @_QQclX, i32 7)
  %s = call i32 @_FortranAPointerAllocateSource(ptr @_QMgridEp, ptr @_QMgridEp, i1 false, ptr null, ptr @_QQclX, i32 8)
  ret void
}

declare i32 @_FortranAPointerAllocate(ptr, i1, ptr, ptr, i32)
declare i32 @_FortranAPointerAllocateSource(ptr, ptr, i1, ptr, ptr, i32)
