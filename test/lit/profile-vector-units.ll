; profile-every=N counts 4-byte quanta: an access counts the bytes it moves / 4
; (<2 x double> is 4, an i32 1), so a profile counts bytes moved whatever the
; element size and vector width; the sampled access is the one whose quanta
; hold the zero crossing (index < its cumulative quanta).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "vec.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @copy2(ptr %x, ptr %y, ptr %z) {
; CHECK-LABEL: define void @copy2(
; CHECK:         %v = load <2 x double>, ptr %x
; CHECK-NEXT:    store <2 x double> %v, ptr %y
; CHECK-NEXT:    %w = load i32, ptr %z
; CHECK-NEXT:    [[L0:%.*]] = sub i64 {{%.*}}, 9
; CHECK:         [[I:%.*]] = add i64 [[L0]], 9
; CHECK-NEXT:    [[E1:%.*]] = icmp ult i64 [[I]], 8
; CHECK-NEXT:    [[P1:%.*]] = select i1 [[E1]], ptr %y, ptr %z
; CHECK-NEXT:    [[E0:%.*]] = icmp ult i64 [[I]], 4
; CHECK-NEXT:    [[P0:%.*]] = select i1 [[E0]], ptr %x, ptr [[P1]]
; CHECK:         call i64 @__oli_profile_sample4(ptr [[P0]], i64
  %v = load <2 x double>, ptr %x
  store <2 x double> %v, ptr %y
  %w = load i32, ptr %z
  ret void
}

; A block of 4-byte accesses is one quantum each: index J is access J.
define void @ints(ptr %a, ptr %b) {
; CHECK-LABEL: define void @ints(
; CHECK:         [[L:%.*]] = sub i64 {{%.*}}, 3
; CHECK:         [[I:%.*]] = add i64 [[L]], 3
; CHECK-NEXT:    [[E1:%.*]] = icmp eq i64 [[I]], 1
; CHECK-NEXT:    [[P1:%.*]] = select i1 [[E1]], ptr %b, ptr %b
; CHECK-NEXT:    [[E0:%.*]] = icmp eq i64 [[I]], 0
; CHECK-NEXT:    [[P0:%.*]] = select i1 [[E0]], ptr %a, ptr [[P1]]
; CHECK:         call i64 @__oli_profile_sample4(ptr [[P0]], i64
  %x = load i32, ptr %a
  %y = load float, ptr %b
  %s = add i32 %x, 1
  store i32 %s, ptr %b
  ret void
}
