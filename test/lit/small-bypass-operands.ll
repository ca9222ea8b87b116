; Which byte count each kind tests, and which original the small path calls:
; calloc and reallocarray test the product and send an overflow to the
; runtime (ENOMEM there); realloc, aligned_alloc and memalign test operand 1,
; posix_memalign operand 2 (its i32 result joins in the phi); operator new[]
; (aligned, nothrow) calls itself again with its alignment and std::nothrow.
; calloc, memalign, valloc and pvalloc call glibc's __libc_* directly; realloc,
; reallocarray, aligned_alloc and posix_memalign the function itself.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S < %s | FileCheck %s
source_filename = "ops.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_ZSt7nothrow = external global i8

define ptr @c(i64 %n, i64 %m) {
; CHECK-LABEL: define ptr @c(
; CHECK:         [[MUL:%.*]] = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %n, i64 %m)
; CHECK-NEXT:    %oli.bytes = extractvalue { i64, i1 } [[MUL]], 0
; CHECK-NEXT:    %oli.overflow = extractvalue { i64, i1 } [[MUL]], 1
; CHECK:         lshr i64 %oli.bytes,
; CHECK:         [[NOT:%.*]] = xor i1 %oli.overflow, true
; CHECK-NEXT:    %oli.small{{[0-9]*}} = and i1 %oli.small, [[NOT]]
; CHECK:         call ptr @__libc_calloc(i64 %n, i64 %m)
; CHECK:         call ptr @__oli_calloc(i64 %n, i64 %m, ptr @__oli_site)
  %p = call ptr @calloc(i64 %n, i64 %m)
  ret ptr %p
}

define ptr @r(ptr %old, i64 %n) {
; CHECK-LABEL: define ptr @r(
; CHECK:         lshr i64 %n,
; CHECK:         call ptr @realloc(ptr %old, i64 %n)
; CHECK:         call ptr @__oli_realloc(ptr %old, i64 %n, ptr @__oli_site.1)
  %p = call ptr @realloc(ptr %old, i64 %n)
  ret ptr %p
}

define ptr @ra(ptr %old, i64 %n, i64 %m) {
; CHECK-LABEL: define ptr @ra(
; CHECK:         call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %n, i64 %m)
; CHECK:         call ptr @reallocarray(ptr %old, i64 %n, i64 %m)
; CHECK:         call ptr @__oli_reallocarray(ptr %old, i64 %n, i64 %m, ptr @__oli_site.2)
  %p = call ptr @reallocarray(ptr %old, i64 %n, i64 %m)
  ret ptr %p
}

define ptr @aa(i64 %a, i64 %n) {
; CHECK-LABEL: define ptr @aa(
; CHECK:         lshr i64 %n,
; CHECK:         call ptr @aligned_alloc(i64 %a, i64 %n)
  %p = call ptr @aligned_alloc(i64 %a, i64 %n)
  ret ptr %p
}

define ptr @ma(i64 %a, i64 %n) {
; CHECK-LABEL: define ptr @ma(
; CHECK:         lshr i64 %n,
; CHECK:         call ptr @__libc_memalign(i64 %a, i64 %n)
  %p = call ptr @memalign(i64 %a, i64 %n)
  ret ptr %p
}

define i32 @pm(ptr %out, i64 %a, i64 %n) {
; CHECK-LABEL: define i32 @pm(
; CHECK:         lshr i64 %n,
; CHECK:         [[R1:%.*]] = call i32 @posix_memalign(ptr %out, i64 %a, i64 %n)
; CHECK:         [[R2:%.*]] = call i32 @__oli_posix_memalign(ptr %out, i64 %a, i64 %n, ptr @__oli_site.5)
; CHECK:         %r = phi i32 [ [[R1]], %oli.small.call{{[0-9]*}} ], [ [[R2]], %oli.site.call{{[0-9]*}} ]
  %r = call i32 @posix_memalign(ptr %out, i64 %a, i64 %n)
  ret i32 %r
}

define ptr @v(i64 %n) {
; CHECK-LABEL: define ptr @v(
; CHECK:         lshr i64 %n,
; CHECK:         call ptr @__libc_valloc(i64 %n)
  %p = call ptr @valloc(i64 %n)
  ret ptr %p
}

define ptr @na(i64 %n) {
; CHECK-LABEL: define ptr @na(
; CHECK:         lshr i64 %n,
; CHECK:         call ptr @_ZnamSt11align_val_tRKSt9nothrow_t(i64 %n, i64 64, ptr @_ZSt7nothrow)
; CHECK:         call ptr @__oli_new_nothrow(i64 %n, i64 64, ptr @__oli_site.7)
  %p = call ptr @_ZnamSt11align_val_tRKSt9nothrow_t(i64 %n, i64 64, ptr @_ZSt7nothrow)
  ret ptr %p
}

define ptr @pv(i64 %n) {
; CHECK-LABEL: define ptr @pv(
; CHECK:         lshr i64 %n,
; CHECK:         call ptr @__libc_pvalloc(i64 %n)
; CHECK:         call ptr @__oli_pvalloc(i64 %n, ptr @__oli_site.8)
  %p = call ptr @pvalloc(i64 %n)
  ret ptr %p
}

declare ptr @pvalloc(i64)
declare ptr @calloc(i64, i64)
declare ptr @realloc(ptr, i64)
declare ptr @reallocarray(ptr, i64, i64)
declare ptr @aligned_alloc(i64, i64)
declare ptr @memalign(i64, i64)
declare i32 @posix_memalign(ptr, i64, i64)
declare ptr @valloc(i64)
declare ptr @_ZnamSt11align_val_tRKSt9nothrow_t(i64, i64, ptr)
