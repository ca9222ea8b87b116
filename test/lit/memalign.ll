; memalign(align, n) becomes __oli_memalign(align, n, &site), kind 7, flag ALIGNED.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "memalign.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 7, i8 73, i64 {{-?[0-9]+}}, i64 8192,

define ptr @f() {
; CHECK-LABEL: define ptr @f(
; CHECK-NEXT:    %p = call ptr @__oli_memalign(i64 64, i64 8192, ptr @[[S0]])
  %p = call ptr @memalign(i64 64, i64 8192)
  ret ptr %p
}

declare ptr @memalign(i64, i64)
; CHECK: declare noalias noundef ptr @__oli_memalign(i64 allocalign, i64, ptr noundef nonnull)
