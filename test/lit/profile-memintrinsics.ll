; profile-every=N counts what memset, memcpy and memmove move, in 4-byte quanta
; of their run-time length, on each side a load or store would be counted on:
; the destination, and a copy's source. The quanta come off the countdown at
; once after the call; when it crosses zero __oli_profile_span4 samples them
; and gives the countdown back. A side in a stack slot is not counted.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "spans.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @fill(ptr %a, i64 %n) {
; CHECK-LABEL: define void @fill(
; CHECK:         call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 %n, i1 false)
; CHECK-NEXT:    [[A:%.*]] = add i64 %n, 3
; CHECK-NEXT:    [[U:%.*]] = lshr i64 [[A]], 2
; CHECK-NEXT:    [[L:%.*]] = sub i64 {{%.*}}, [[U]]
; CHECK:         icmp slt i64 [[L]], 0
; CHECK:         call i64 @__oli_profile_span4(ptr %a, i64 [[U]], i64 [[L]], i64 64)
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 %n, i1 false)
  ret void
}

define void @copy(ptr %dst, ptr %src, i64 %n) {
; CHECK-LABEL: define void @copy(
; CHECK:         call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
; CHECK:         call i64 @__oli_profile_span4(ptr %src, i64 [[U1:%.*]], i64 {{%.*}}, i64 64)
; CHECK:         call i64 @__oli_profile_span4(ptr %dst, i64 {{%.*}}, i64 {{%.*}}, i64 64)
; CHECK:         call void @llvm.memmove.p0.p0.i64(ptr %dst, ptr %src, i64 24, i1 false)
; CHECK:         call i64 @__oli_profile_span4(ptr %src, i64 6,
; CHECK:         call i64 @__oli_profile_span4(ptr %dst, i64 6,
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %dst, ptr %src, i64 24, i1 false)
  ret void
}

define void @local(ptr %src) {
; CHECK-LABEL: define void @local(
; CHECK:         call void @llvm.memcpy.p0.p0.i64(ptr %buf, ptr %src, i64 64, i1 false)
; CHECK:         call i64 @__oli_profile_span4(ptr %src, i64 16,
; CHECK-NOT:     __oli_profile_span4
; CHECK:         ret void
  %buf = alloca [8 x i64]
  call void @llvm.memcpy.p0.p0.i64(ptr %buf, ptr %src, i64 64, i1 false)
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
