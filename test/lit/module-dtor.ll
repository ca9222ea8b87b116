; A tagged module gets a destructor besides its constructor, both priority 1
; (the destructor runs after the module's own, at dlclose and at exit): it
; calls __oli_fini with the same section bounds that the constructor hands
; to __oli_init, so the runtime forgets the module's records and globals.
; A module without sites gets neither.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %S/Inputs/no-sites.ll | FileCheck %s --check-prefix=NONE
source_filename = "lib.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@lib_grid = global [100000 x i8] zeroinitializer

; CHECK: @__start_oli_sites = extern_weak hidden global i8
; CHECK-NEXT: @__stop_oli_sites = extern_weak hidden global i8
; CHECK-NOT: @__start_oli_sites.
; CHECK: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @oli.module_ctor, ptr null }]
; CHECK: @llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @oli.module_dtor, ptr null }]

define ptr @lib_big(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

declare ptr @malloc(i64)

; CHECK-LABEL: define internal void @oli.module_ctor(
; CHECK-NEXT:    call void @__oli_register_summaries(ptr @__start_oli_sites, ptr @__start_oli_summary, ptr @__stop_oli_summary)
; CHECK-NEXT:    call void @__oli_init(ptr @__start_oli_sites, ptr @__stop_oli_sites)
; CHECK-LABEL: define internal void @oli.module_dtor(
; CHECK-NEXT:    call void @__oli_fini(ptr @__start_oli_sites, ptr @__stop_oli_sites)
; CHECK-NEXT:    ret void
; CHECK: declare void @__oli_fini(ptr, ptr)

; NONE-NOT: oli.module_dtor
; NONE-NOT: llvm.global_dtors
