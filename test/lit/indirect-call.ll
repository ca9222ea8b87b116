; A call through a function pointer is left alone, and counted: one
; "indirect call left untagged" remark per call (-pass-remarks-missed=oli).
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s 2>/dev/null | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -pass-remarks-missed=oli -disable-output < %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -pass-remarks-missed=oli -disable-output < %s 2>&1 | count 2
source_filename = "indirect.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr @f(ptr %alloc, i64 %n) {
; CHECK-LABEL: define ptr @f(
; CHECK-NEXT:    %p = call ptr %alloc(i64 %n)
; CHECK-NEXT:    %q = call ptr %alloc(i64 8)
; CHECK-NEXT:    ret ptr %p
  %p = call ptr %alloc(i64 %n)
  %q = call ptr %alloc(i64 8)
  ret ptr %p
}
; CHECK-NOT: oli_sites
; REMARK: remark: <unknown>:0:0: indirect call left untagged
; REMARK-NEXT: remark: <unknown>:0:0: indirect call left untagged
