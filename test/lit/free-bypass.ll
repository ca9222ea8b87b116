; free(p) in a tagged, position-independent module becomes one indirect call:
; the runtime's __oli_free for p in [__oli_arena_lo, +__oli_arena_len) (len
; read first, with acquire), glibc's __libc_free for anything else. Not in
; functions optimised for size or instrumented by a sanitizer (they call
; __oli_free, as every call in the module does from the tagger on:
; release-calls.ll); not in a non-PIC module (no PIC/PIE level: external data
; could get a copy relocation), nor off glibc.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S < %s | FileCheck %s
; RUN: sed '/PIC Level\|PIE Level/d; s/!llvm.module.flags = !{!0, !1}//' %s | opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S | FileCheck %s --check-prefix=NOPIC
; RUN: sed 's/linux-gnu/linux-musl/' %s | opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S | FileCheck %s --check-prefix=NOGLIBC
source_filename = "free.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@keep = global ptr null

; CHECK: @__oli_arena_lo = external global i64
; CHECK: @__oli_arena_len = external global i64

define void @release(ptr %p) {
; CHECK-LABEL: define void @release(
; CHECK-NEXT:    %oli.arena.len = load atomic i64, ptr @__oli_arena_len acquire, align 8
; CHECK-NEXT:    %oli.arena.lo = load atomic i64, ptr @__oli_arena_lo monotonic, align 8
; CHECK-NEXT:    [[I:%.*]] = ptrtoint ptr %p to i64
; CHECK-NEXT:    [[OFF:%.*]] = sub i64 [[I]], %oli.arena.lo
; CHECK-NEXT:    %oli.placed = icmp ult i64 [[OFF]], %oli.arena.len
; CHECK-NEXT:    %oli.free = select i1 %oli.placed, ptr @__oli_free, ptr @__libc_free
; CHECK-NEXT:    call void %oli.free(ptr %p)
; CHECK-NEXT:    ret void
; NOPIC-LABEL: define void @release(
; NOPIC-NEXT:    call void @__oli_free(ptr %p)
; NOGLIBC-LABEL: define void @release(
; NOGLIBC-NEXT:    call void @__oli_free(ptr %p)
  call void @free(ptr %p)
  ret void
}

define void @small_code(ptr %p) optsize {
; CHECK-LABEL: define void @small_code(
; CHECK-NEXT:    call void @__oli_free(ptr %p)
  call void @free(ptr %p)
  ret void
}

define void @asan(ptr %p) sanitize_address {
; CHECK-LABEL: define void @asan(
; CHECK-NEXT:    call void @__oli_free(ptr %p)
  call void @free(ptr %p)
  ret void
}

define void @alloc() {
  %p = call ptr @malloc(i64 64)
  store ptr %p, ptr @keep
  ret void
}

declare void @free(ptr)
declare ptr @malloc(i64)

!llvm.module.flags = !{!0, !1}
!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 7, !"PIE Level", i32 2}
