; A function returning what malloc returned (through a local slot, a phi or
; NULL on failure) is an allocation wrapper: each call of it gets its own
; record (kind 15) and is bracketed by __oli_site_enter/leave; a wrapper of a
; wrapper is one too. A function that returns a non-allocation is not.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<wrappers=0>' -S < %s | FileCheck %s --check-prefix=OFF
source_filename = "wrap.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@arena = global [16 x i8] zeroinitializer

; CHECK: @[[A:__oli_site.4]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 15, i8 0, i64 {{-?[0-9]+}}, i64 0, i32 0, i32 0, {{.*}} c"wrap.c\00main\00
; CHECK: @[[B:__oli_site.5]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 15, i8 0, i64 {{-?[0-9]+}}, i64 0, i32 0, i32 1, {{.*}} c"wrap.c\00main\00

define ptr @xmalloc(i64 %n) {
  %slot = alloca ptr
  %p = call ptr @malloc(i64 %n)
  store ptr %p, ptr %slot
  %ok = icmp ne ptr %p, null
  br i1 %ok, label %done, label %fail
fail:
  ret ptr null
done:
  %r = load ptr, ptr %slot
  ret ptr %r
}

define ptr @alloc_2d(i64 %n) {
  %rows = call ptr @xmalloc(i64 %n)
  %big = call ptr @xmalloc(i64 %n)
  store ptr %big, ptr %rows
  ret ptr %rows
}

define ptr @not_wrapper(i1 %c, i64 %n) {
  %p = call ptr @malloc(i64 %n)
  %r = select i1 %c, ptr %p, ptr @arena
  ret ptr %r
}

define void @main() {
; CHECK-LABEL: define void @main(
; CHECK-NEXT:    %oli.prev = call ptr @__oli_site_enter(ptr @[[A]])
; CHECK-NEXT:    %a = call ptr @alloc_2d(i64 10)
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev)
; CHECK-NEXT:    %oli.prev1 = call ptr @__oli_site_enter(ptr @[[B]])
; CHECK-NEXT:    %b = call ptr @alloc_2d(i64 20)
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev1)
; CHECK-NEXT:    %c = call ptr @not_wrapper(i1 true, i64 30)
; CHECK-NEXT:    ret void
; OFF-LABEL: define void @main(
; OFF-NEXT:    %a = call ptr @alloc_2d(i64 10)
  %a = call ptr @alloc_2d(i64 10)
  %b = call ptr @alloc_2d(i64 20)
  %c = call ptr @not_wrapper(i1 true, i64 30)
  ret void
}

declare ptr @malloc(i64)
