; profile-every=N counts 8-byte units: a vectorised access counts the elements
; it moves (<2 x double> is 2), so a profile counts as many accesses whatever
; the vector width; the sampled access is the one whose units hold the zero
; crossing (index < its cumulative units).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "vec.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @copy2(ptr %x, ptr %y, ptr %z) {
; CHECK-LABEL: define void @copy2(
; CHECK:         %v = load <2 x double>, ptr %x
; CHECK-NEXT:    store <2 x double> %v, ptr %y
; CHECK-NEXT:    %w = load i32, ptr %z
; CHECK-NEXT:    [[L0:%.*]] = sub i64 {{%.*}}, 5
; CHECK:         [[I:%.*]] = add i64 [[L0]], 5
; CHECK-NEXT:    [[E1:%.*]] = icmp ult i64 [[I]], 4
; CHECK-NEXT:    [[P1:%.*]] = select i1 [[E1]], ptr %y, ptr %z
; CHECK-NEXT:    [[E0:%.*]] = icmp ult i64 [[I]], 2
; CHECK-NEXT:    [[P0:%.*]] = select i1 [[E0]], ptr %x, ptr [[P1]]
; CHECK:         call i64 @__oli_profile_sample(ptr [[P0]], i64
  %v = load <2 x double>, ptr %x
  store <2 x double> %v, ptr %y
  %w = load i32, ptr %z
  ret void
}
