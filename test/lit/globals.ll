; C globals and statics (zero-initialised .bss too) of at least
; min-global-size bytes (default 64 KiB) get a record (kind 12, exact size)
; and are registered by the constructor; small, constant, thread-local and
; declared-only globals are not. A function-local static `main.buf` is named
; buf in scope main.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<min-global-size=512>' -S < %s | FileCheck %s --check-prefix=SMALL
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<globals=0>' -S < %s | FileCheck %s --check-prefix=OFF
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -oli-min-global-size=900000 -S < %s | FileCheck %s --check-prefix=CLOPT
source_filename = "npb/cg.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@big = global [100000 x double] zeroinitializer, align 16
@init = global { i32, [19999 x i32] } { i32 1, [19999 x i32] zeroinitializer }, align 16
@small = global [100 x double] zeroinitializer, align 16
@main.buf = internal global [1048576 x i8] zeroinitializer, align 16
@table = constant [20000 x i32] zeroinitializer
@tls = thread_local global [20000 x i32] zeroinitializer
@ext = external global [100000 x double]

; CHECK: @[[BIG:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 12, i8 1, i64 {{-?[0-9]+}}, i64 800000, i32 0, i32 0, i16 8, i16 0, i16 3, i16 0, i64 0, [16 x i8] c"npb/cg.c\00\00big\00\00\00", { i8, i8, i8, i8, i8, [3 x i8], float, float } { i8 1, i8 16, i8 0, i8 0, i8 0, [3 x i8] zeroinitializer, float 0.000000e+00, float 0.000000e+00 } }, section "oli_sites", align 8
; CHECK: @[[INIT:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 12, i8 1, i64 {{-?[0-9]+}}, i64 80000,
; CHECK: @[[BUF:__oli_site.2]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 12, i8 1, i64 {{-?[0-9]+}}, i64 1048576, {{.*}} c"npb/cg.c\00main\00buf\00
; CHECK-NOT: @__oli_site.3 =

; CHECK-LABEL: define internal void @oli.module_ctor(
; CHECK-NEXT:    call void @__oli_register_summaries(ptr @__start_oli_sites, ptr @__start_oli_summary, ptr @__stop_oli_summary)
; CHECK-NEXT:    call void @__oli_init(ptr @__start_oli_sites, ptr @__stop_oli_sites)
; CHECK-NEXT:    call void @__oli_version_mismatch_check_v1()
; CHECK-NEXT:    call void @__oli_register_global(ptr @big, i64 800000, ptr @[[BIG]])
; CHECK-NEXT:    call void @__oli_register_global(ptr @init, i64 80000, ptr @[[INIT]])
; CHECK-NEXT:    call void @__oli_register_global(ptr @main.buf, i64 1048576, ptr @[[BUF]])
; CHECK-NEXT:    ret void

; SMALL: call void @__oli_register_global(ptr @small, i64 800,

; OFF-NOT: __oli_register_global
; OFF-NOT: oli_sites
; CLOPT-NOT: call void @__oli_register_global(ptr @big,
; CLOPT: call void @__oli_register_global(ptr @main.buf, i64 1048576,
