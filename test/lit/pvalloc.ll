; pvalloc(n) becomes __oli_pvalloc(n, &site), kind 16, with valloc's
; attributes (an allocation of at least n bytes; the runtime rounds it up to
; whole pages, as glibc does); the record's size hint is the bytes asked for.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "pvalloc.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 16, i8 65, i64 {{-?[0-9]+}}, i64 10000,

define ptr @f() {
; CHECK-LABEL: define ptr @f(
; CHECK-NEXT:    %p = call ptr @__oli_pvalloc(i64 10000, ptr @[[S0]])
  %p = call ptr @pvalloc(i64 10000)
  ret ptr %p
}

; A pvalloc of another shape is not the C library's: not rewritten (only
; bracketed, as any other file's function that may be an allocation wrapper).
define ptr @g(i64 %a, i64 %b) {
; CHECK-LABEL: define ptr @g(
; CHECK-NEXT:    %oli.prev = call ptr @__oli_site_enter(
; CHECK-NEXT:    %q = call ptr @pvalloc2(i64 %a, i64 %b)
  %q = call ptr @pvalloc2(i64 %a, i64 %b)
  ret ptr %q
}

declare ptr @pvalloc(i64)
declare ptr @pvalloc2(i64, i64)
; CHECK: declare noalias noundef ptr @__oli_pvalloc(i64, ptr noundef nonnull)
