; reallocarray(p, n, size) becomes __oli_reallocarray(p, n, size, &site), kind 4.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "reallocarray.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 4, i8 65, i64 {{-?[0-9]+}}, i64 6400,

define ptr @grow(ptr %p) {
; CHECK-LABEL: define ptr @grow(
; CHECK-NEXT:    %q = call ptr @__oli_reallocarray(ptr %p, i64 800, i64 8, ptr @[[S0]])
  %q = call ptr @reallocarray(ptr %p, i64 800, i64 8)
  ret ptr %q
}

declare ptr @reallocarray(ptr, i64, i64)
; CHECK: declare noalias noundef ptr @__oli_reallocarray(ptr allocptr, i64, i64, ptr noundef nonnull) [[A:#[0-9]+]]
; CHECK: attributes [[A]] = {{.*}}allockind("realloc") allocsize(1,2)
