; An aligning wrapper that returns a pointer into its allocation (p + pad) is
; still an allocation wrapper; one that returns a pointer loaded from memory
; (not an allocation result) is not.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "offset.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@cache = global ptr null

define ptr @amalloc(i64 %n) {
  %m = add i64 %n, 64
  %p = call ptr @malloc(i64 %m)
  %q = getelementptr inbounds i8, ptr %p, i64 64
  ret ptr %q
}

define ptr @cached() {
  %p = load ptr, ptr @cache
  ret ptr %p
}

define void @use() {
; CHECK-LABEL: define void @use(
; CHECK-NEXT:    %oli.prev = call ptr @__oli_site_enter(ptr @__oli_site.1)
; CHECK-NEXT:    %a = call ptr @amalloc(i64 100)
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev)
; CHECK-NEXT:    %b = call ptr @cached()
; CHECK-NEXT:    ret void
  %a = call ptr @amalloc(i64 100)
  %b = call ptr @cached()
  ret void
}

declare ptr @malloc(i64)
