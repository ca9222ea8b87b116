; calloc(n, size) becomes __oli_calloc(n, size, &site), kind 2; the size hint
; is n*size when both fold to constants, unknown (flag 0) otherwise.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "calloc.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 2, i8 1, i64 {{-?[0-9]+}}, i64 800,
; CHECK: @[[S1:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 2, i8 0, i64 {{-?[0-9]+}}, i64 0,

define void @f(i64 %n) {
; CHECK-LABEL: define void @f(
; CHECK-NEXT:    %a = call ptr @__oli_calloc(i64 100, i64 8, ptr @[[S0]])
; CHECK-NEXT:    %b = call ptr @__oli_calloc(i64 %n, i64 8, ptr @[[S1]])
  %a = call ptr @calloc(i64 100, i64 8)
  %b = call ptr @calloc(i64 %n, i64 8)
  ret void
}

declare ptr @calloc(i64, i64)
; CHECK: declare noalias noundef ptr @__oli_calloc(i64, i64, ptr noundef nonnull) [[A:#[0-9]+]]
; CHECK: attributes [[A]] = {{.*}}allockind("alloc,zeroed") allocsize(0,1){{.*}}"alloc-family"="malloc"
