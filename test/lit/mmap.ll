; An anonymous mmap becomes __oli_mmap(..., &site), kind 11; a mapping whose
; constant flags lack MAP_ANONYMOUS (a file) is left alone; unknown flags are
; tagged (the runtime passes non-anonymous mappings through).
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "mmap.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 11, i8 1, i64 {{-?[0-9]+}}, i64 1073741824,
; CHECK: @[[S1:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 11, i8 1,
; CHECK-NOT: @__oli_site.2 =

define void @f(i32 %fd, i32 %flags) {
; CHECK-LABEL: define void @f(
; CHECK-NEXT:    %anon = call ptr @__oli_mmap(ptr null, i64 1073741824, i32 3, i32 34, i32 -1, i64 0, ptr @[[S0]])
; CHECK-NEXT:    %any = call ptr @__oli_mmap(ptr null, i64 4096, i32 3, i32 %flags, i32 %fd, i64 0, ptr @[[S1]])
; CHECK-NEXT:    %file = call ptr @mmap(ptr null, i64 4096, i32 1, i32 2, i32 %fd, i64 0)
  %anon = call ptr @mmap(ptr null, i64 1073741824, i32 3, i32 34, i32 -1, i64 0)
  %any = call ptr @mmap(ptr null, i64 4096, i32 3, i32 %flags, i32 %fd, i64 0)
  %file = call ptr @mmap(ptr null, i64 4096, i32 1, i32 2, i32 %fd, i64 0)
  ret void
}

declare ptr @mmap(ptr, i64, i32, i32, i32, i64)
