; No fast path: for mmap (rare and large), in functions optimised for size
; or marked cold, and with small-bypass=0; a second run of the pass adds no
; second test (module flag oli.small-bypass).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass,oli-small-bypass' -S < %s | FileCheck %s --check-prefix=TWICE
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass<small-bypass=0>' -S < %s | FileCheck %s --check-prefix=OFF
source_filename = "none.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr @m(i64 %n) {
; CHECK-LABEL: define ptr @m(
; CHECK-NEXT:    %p = call ptr @__oli_mmap(ptr null, i64 %n, i32 3, i32 34, i32 -1, i64 0, ptr @__oli_site)
; CHECK-NEXT:    ret ptr %p
  %p = call ptr @mmap(ptr null, i64 %n, i32 3, i32 34, i32 -1, i64 0)
  ret ptr %p
}

define ptr @small_code(i64 %n) optsize {
; CHECK-LABEL: define ptr @small_code(
; CHECK-NEXT:    %p = call ptr @__oli_malloc(i64 %n, ptr @__oli_site.1)
; CHECK-NEXT:    ret ptr %p
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

define ptr @rarely(i64 %n) cold {
; CHECK-LABEL: define ptr @rarely(
; CHECK-NEXT:    %p = call ptr @__oli_malloc(i64 %n, ptr @__oli_site.2)
; CHECK-NEXT:    ret ptr %p
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

define ptr @once(i64 %n) {
; CHECK-LABEL: define ptr @once(
; TWICE-LABEL: define ptr @once(
; TWICE:         load atomic i16
; TWICE-NOT:     load atomic i16
; TWICE:         ret ptr
; OFF-LABEL: define ptr @once(
; OFF-NEXT:      %p = call ptr @__oli_malloc(i64 %n, ptr @__oli_site.3)
; OFF-NEXT:      ret ptr %p
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}
; CHECK: !{i32 7, !"oli.small-bypass", i32 1}
; OFF-NOT: oli.small-bypass

declare ptr @mmap(ptr, i64, i32, i32, i32, i64)
declare ptr @malloc(i64)
