; realloc(p, n) becomes __oli_realloc(p, n, &site), kind 3, declared as a
; reallocator (allockind realloc, allocptr on p).
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "realloc.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 3, i8 65, i64 {{-?[0-9]+}}, i64 4096,

define ptr @grow(ptr %p) {
; CHECK-LABEL: define ptr @grow(
; CHECK-NEXT:    %q = call ptr @__oli_realloc(ptr %p, i64 4096, ptr @[[S0]])
  %q = call ptr @realloc(ptr %p, i64 4096)
  ret ptr %q
}

declare ptr @realloc(ptr, i64)
; CHECK: declare noalias noundef ptr @__oli_realloc(ptr allocptr, i64, ptr noundef nonnull) [[A:#[0-9]+]]
; CHECK: attributes [[A]] = {{.*}}allockind("realloc") allocsize(1){{.*}}"alloc-family"="malloc"
