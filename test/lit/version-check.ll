; The constructor references __oli_version_mismatch_check_v1 so a module built
; for ABI v1 does not link against another runtime; version-check=0 drops it.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<version-check=0>' -S < %s | FileCheck %s --check-prefix=OFF
source_filename = "v.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr @f(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

declare ptr @malloc(i64)
; CHECK-LABEL: define internal void @oli.module_ctor(
; CHECK-NEXT:    call void @__oli_register_summaries(ptr @__start_oli_sites, ptr @__start_oli_summary, ptr @__stop_oli_summary)
; CHECK-NEXT:    call void @__oli_init(
; CHECK-NEXT:    call void @__oli_version_mismatch_check_v1()
; OFF-LABEL: define internal void @oli.module_ctor(
; OFF-NEXT:    call void @__oli_register_summaries(ptr @__start_oli_sites, ptr @__start_oli_summary, ptr @__stop_oli_summary)
; OFF-NEXT:    call void @__oli_init(
; OFF-NEXT:    ret void
; OFF-NOT: __oli_version_mismatch_check_v1
