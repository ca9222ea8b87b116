; The rewritten call keeps what the optimiser knows about an allocator: at
; -O2 the result is still noalias (a store through another pointer does not
; clobber it, so the load folds), allocsize still gives
; dereferenceable_or_null, and an unused malloc/free pair still disappears
; (the small-object fast path is added after the optimiser, small-bypass.ll).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>' -S < %s | FileCheck %s
source_filename = "o2.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @noalias_result(ptr %q, ptr %out) {
; CHECK-LABEL: define {{.*}}i32 @noalias_result(
; CHECK:         {{%[0-9]+}} = {{.*}}call dereferenceable_or_null(400) ptr @__oli_malloc(i64 400, ptr {{(nonnull )?}}@__oli_site)
; CHECK:         ret i32 1
  %p = call ptr @malloc(i64 400)
  store ptr %p, ptr %out
  store i32 1, ptr %p
  store i32 2, ptr %q
  %v = load i32, ptr %p
  ret i32 %v
}

define void @dead_pair() {
; CHECK-LABEL: define void @dead_pair(
; CHECK-NEXT:    ret void
  %p = call ptr @malloc(i64 64)
  call void @free(ptr %p)
  ret void
}

declare ptr @malloc(i64)
declare void @free(ptr)
