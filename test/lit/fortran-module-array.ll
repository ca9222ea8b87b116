; Fortran module arrays (@_QM<mod>E<name>) and main-program arrays
; (@_QFE<name>) are registered with module/program scope and source name; an
; allocatable's descriptor is too small to register.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_QMcgEx = global [100000 x double] zeroinitializer
@_QFEy = internal global [50000 x double] zeroinitializer
@_QFsolveEw = internal global [50000 x double] zeroinitializer
@_QMcgEa = global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer
@_QQclX = linkonce constant [7 x i8] c"cg.f90\00", comdat
$_QQclX = comdat any

; CHECK: @[[X:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 12, i8 1, i64 {{-?[0-9]+}}, i64 800000, {{.*}} c"cg.f90\00cg\00x\00
; CHECK: @[[Y:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 12, i8 1, i64 {{-?[0-9]+}}, i64 400000, {{.*}} c"cg.f90\00main\00y\00
; CHECK: @[[W:__oli_site.2]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 12, i8 1, i64 {{-?[0-9]+}}, i64 400000, {{.*}} c"cg.f90\00solve\00w\00
; CHECK-NOT: @__oli_site.3 =
; CHECK-LABEL: define internal void @oli.module_ctor(
; CHECK:         call void @__oli_register_global(ptr @_QMcgEx, i64 800000, ptr @[[X]])
; CHECK-NEXT:    call void @__oli_register_global(ptr @_QFEy, i64 400000, ptr @[[Y]])
; CHECK-NEXT:    call void @__oli_register_global(ptr @_QFsolveEw, i64 400000, ptr @[[W]])
