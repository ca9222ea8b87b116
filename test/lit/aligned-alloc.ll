; aligned_alloc(align, n) becomes __oli_aligned_alloc(align, n, &site), kind 5,
; flag ALIGNED (0x08), declared with allocalign on the alignment.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "aligned.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 5, i8 73, i64 {{-?[0-9]+}}, i64 65536,

define ptr @f() {
; CHECK-LABEL: define ptr @f(
; CHECK-NEXT:    %p = call ptr @__oli_aligned_alloc(i64 64, i64 65536, ptr @[[S0]])
  %p = call ptr @aligned_alloc(i64 64, i64 65536)
  ret ptr %p
}

declare ptr @aligned_alloc(i64, i64)
; CHECK: declare noalias noundef ptr @__oli_aligned_alloc(i64 allocalign, i64, ptr noundef nonnull) [[A:#[0-9]+]]
; CHECK: attributes [[A]] = {{.*}}allockind("alloc,uninitialized,aligned") allocsize(1)
