; posix_memalign(&p, align, n) becomes __oli_posix_memalign(&p, align, n, &site),
; kind 6, flag ALIGNED; its int result is kept.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "pm.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 6, i8 9, i64 {{-?[0-9]+}}, i64 1048576,

define i32 @f(ptr %out) {
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:    %r = call i32 @__oli_posix_memalign(ptr %out, i64 4096, i64 1048576, ptr @[[S0]])
; CHECK-NEXT:    ret i32 %r
  %r = call i32 @posix_memalign(ptr %out, i64 4096, i64 1048576)
  ret i32 %r
}

declare i32 @posix_memalign(ptr, i64, i64)
; CHECK: declare i32 @__oli_posix_memalign(ptr, i64, i64, ptr noundef nonnull)
