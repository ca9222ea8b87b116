; flang's _FortranAAllocatableAllocate[Source] calls are bracketed by
; __oli_site_enter/leave (kind 13); the object name comes from the module
; descriptor (_QMcgEa -> a); without debug info the line is the runtime call's
; line argument and the file its file argument.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_QMcgEa = global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer
@_QMcgEz = global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer
@_QQclX2E2F63672E66393000 = linkonce constant [9 x i8] c"./cg.f90\00", comdat
$_QQclX2E2F63672E66393000 = comdat any

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 13, i8 0, i64 {{-?[0-9]+}}, i64 0, i32 41, i32 0, i16 6, i16 9, i16 1, i16 0, i64 0, [24 x i8] c"cg.f90\00cg::setup\00a\00
; CHECK: @[[S1:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 13, i8 0, i64 {{-?[0-9]+}}, i64 0, i32 42, i32 1, i16 6, i16 9, i16 1, i16 0, i64 0, [24 x i8] c"cg.f90\00cg::setup\00z\00

define void @_QMcgPsetup() {
; CHECK-LABEL: define void @_QMcgPsetup(
; CHECK-NEXT:    %oli.prev = call ptr @__oli_site_enter(ptr @[[S0]])
; CHECK-NEXT:    %r = call i32 @_FortranAAllocatableAllocate(ptr @_QMcgEa, i1 false, ptr null, ptr @_QQclX2E2F63672E66393000, i32 41)
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev)
; CHECK-NEXT:    %oli.prev1 = call ptr @__oli_site_enter(ptr @[[S1]])
; CHECK-NEXT:    %s = call i32 @_FortranAAllocatableAllocateSource(ptr @_QMcgEz, ptr @_QMcgEa, i1 false, ptr null, ptr @_QQclX2E2F63672E66393000, i32 42)
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev1)
  %r = call i32 @_FortranAAllocatableAllocate(ptr @_QMcgEa, i1 false, ptr null, ptr @_QQclX2E2F63672E66393000, i32 41)
  %s = call i32 @_FortranAAllocatableAllocateSource(ptr @_QMcgEz, ptr @_QMcgEa, i1 false, ptr null, ptr @_QQclX2E2F63672E66393000, i32 42)
  ret void
}

declare i32 @_FortranAAllocatableAllocate(ptr, i1, ptr, ptr, i32)
declare i32 @_FortranAAllocatableAllocateSource(ptr, ptr, i1, ptr, ptr, i32)
