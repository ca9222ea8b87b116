; profile-every=N: an access under 8 bytes counts its bytes in a sweep (1
; quantum for idx[i], an affine address) but a whole 8-byte access, 2 quanta,
; when its address moves with data inside the loop (x[idx[i]]): each such
; access may fetch a line of its own, as the planner's latency model counts.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "gather.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @gsum(ptr %idx, ptr %x, i64 %n) {
; CHECK-LABEL: define i32 @gsum(
; CHECK:       loop:
; CHECK:         %k = load i32, ptr %pi
; CHECK:         %v = load i32, ptr %px
; CHECK:         [[L:%.*]] = sub i64 {{%.*}}, 3
; CHECK:         [[I:%.*]] = add i64 [[L]], 3
; CHECK-NEXT:    [[E:%.*]] = icmp ult i64 [[I]], 1
; CHECK-NEXT:    [[P:%.*]] = select i1 [[E]], ptr %pi, ptr %px
; CHECK:         call i64 @__oli_profile_sample4(ptr [[P]], i64
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %s, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi
  %kk = sext i32 %k to i64
  %px = getelementptr inbounds i32, ptr %x, i64 %kk
  %v = load i32, ptr %px
  %s = add i32 %acc, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s
}
