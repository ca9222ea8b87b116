; Running the pass twice (as under ThinLTO) tags once: the second run sees the
; oli.tagged module flag and changes nothing; __oli_* calls are never tagged.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites,oli-tag-sites -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s > %t1.ll
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %t1.ll > %t2.ll
; RUN: diff %t1.ll %t2.ll
source_filename = "twice.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@g = global [100000 x i8] zeroinitializer

; CHECK: @__oli_site = private global
; CHECK-NEXT: @__oli_site.1 = private global
; CHECK-NOT: @__oli_site.2 =
; CHECK: @llvm.global_ctors = appending global [1 x

define ptr @f(i64 %n) {
; CHECK-LABEL: define ptr @f(
; CHECK-NEXT:    %p = call ptr @__oli_malloc(i64 %n, ptr @__oli_site)
; CHECK-NEXT:    ret ptr %p
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

declare ptr @malloc(i64)
; CHECK-LABEL: define internal void @oli.module_ctor(
; CHECK-COUNT-1: call void @__oli_register_global(
; CHECK-NOT: call void @__oli_register_global(
; CHECK: !{{[0-9]+}} = !{i32 7, !"oli.tagged", i32 1}
