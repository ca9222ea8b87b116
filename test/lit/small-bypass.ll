; The small-object fast path: after tagging, a heap call reads small_shift
; from its site record (offset 38, atomically), and a size below 2^shift
; calls glibc's malloc directly, anything else the entry point; a phi takes
; the call's name and uses. Under a sanitizer, or off glibc, the small path
; calls malloc (the sanitizer's, or the C library's).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S < %s | FileCheck %s
; RUN: sed 's/linux-gnu/linux-musl/' %s | opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S | FileCheck %s --check-prefix=MUSL
source_filename = "src/bypass.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr @work(i64 %n) {
; CHECK-LABEL: define ptr @work(
; CHECK-NEXT:    %oli.shift = load atomic i16, ptr getelementptr inbounds (i8, ptr @__oli_site, i64 38) monotonic, align 2
; CHECK-NEXT:    [[Z:%.*]] = zext i16 %oli.shift to i64
; CHECK-NEXT:    [[A:%.*]] = and i64 [[Z]], 63
; CHECK-NEXT:    [[S:%.*]] = lshr i64 %n, [[A]]
; CHECK-NEXT:    %oli.small = icmp eq i64 [[S]], 0
; CHECK-NEXT:    br i1 %oli.small, label %oli.small.call, label %oli.site.call
; CHECK:       oli.small.call:
; CHECK-NEXT:    [[P1:%.*]] = call noalias ptr @__libc_malloc(i64 %n)
; CHECK-NEXT:    br label %oli.join
; CHECK:       oli.site.call:
; CHECK-NEXT:    [[P2:%.*]] = call noalias ptr @__oli_malloc(i64 %n, ptr @__oli_site)
; CHECK-NEXT:    br label %oli.join
; CHECK:       oli.join:
; CHECK-NEXT:    %p = phi ptr [ [[P1]], %oli.small.call ], [ [[P2]], %oli.site.call ]
; CHECK-NEXT:    ret ptr %p
  %p = call noalias ptr @malloc(i64 %n)
  ret ptr %p
}

define ptr @asan(i64 %n) sanitize_address {
; CHECK-LABEL: define ptr @asan(
; CHECK:       oli.small.call:
; CHECK-NEXT:    {{%.*}} = call ptr @malloc(i64 %n)
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}
; MUSL-LABEL: define ptr @work(
; MUSL:       oli.small.call:
; MUSL-NEXT:    {{%.*}} = call noalias ptr @malloc(i64 %n)

declare ptr @malloc(i64)
