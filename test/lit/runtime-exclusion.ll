; The runtime is never instrumented: a module that defines any __oli_*
; function is left exactly as it was (no records, no constructor), so
; compiling the runtime through the plugin cannot recurse.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s > %t.ll
; RUN: opt -S < %s > %t.orig.ll
; RUN: diff %t.orig.ll %t.ll
; RUN: FileCheck %s < %t.ll
source_filename = "runtime/alloc.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@arena = global [1048576 x i8] zeroinitializer

; CHECK-NOT: oli_sites
; CHECK-LABEL: define ptr @__oli_malloc(
; CHECK-NEXT:    %p = call ptr @malloc(i64 %n)
define ptr @__oli_malloc(i64 %n, ptr %site) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define ptr @helper(
; CHECK-NEXT:    %p = call ptr @malloc(i64 %n)
define ptr @helper(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

declare ptr @malloc(i64)
; CHECK-NOT: llvm.global_ctors
