; profile-every=N: a function's copy of the per-thread countdown is stored
; back before every call that may run instrumented code (not before the
; sampling hooks or an intrinsic, whose memset counts on the local copy) and
; reloaded after it - in a block of its own on an invoke's normal edge when
; that successor has other predecessors, and in the landing pad - and stored
; back before a resume.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "calls.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @work(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare i32 @__gxx_personality_v0(...)

define void @calls(ptr %a, i1 %c) personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define void @calls(
; CHECK:       entry:
; CHECK-NEXT:    [[CD:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__oli_profile_countdown4)
; CHECK-NEXT:    [[C0:%.*]] = load i64, ptr [[CD]]
; CHECK-NEXT:    [[OPS:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__oli_profile_ops_left)
; CHECK-NEXT:    load i64, ptr [[OPS]]
; CHECK-NEXT:    %x = load double, ptr %a
; CHECK-NEXT:    call void @llvm.memset.p0.i64(
; CHECK-NEXT:    [[S:%.*]] = sub i64 [[C0]], 2
; CHECK-NOT:     ptr [[CD]]
; CHECK:         call i64 @__oli_profile_span4(ptr %a, i64 2, i64 [[S]], i64 64)
; CHECK-NOT:     ptr [[CD]]
; CHECK:         [[CS:%.*]] = phi i64
; CHECK-NEXT:    store i64 [[CS]], ptr [[CD]]
; CHECK:         store i64 {{%.*}}, ptr [[OPS]]
; CHECK-NEXT:    call void @work(ptr %a)
; CHECK-NEXT:    load i64, ptr [[OPS]]
; CHECK-NEXT:    [[C1:%.*]] = load i64, ptr [[CD]]
; CHECK-NEXT:    store double %x, ptr %a
; CHECK-NEXT:    sub i64 [[C1]], 4
; CHECK-NOT:     ptr [[CD]]
; CHECK:         call i64 @__oli_profile_sample4(
; CHECK-NOT:     ptr [[CD]]
; CHECK:       inv:
; CHECK-NEXT:    store i64 {{%.*}}, ptr [[CD]]
; CHECK:         store i64 {{%.*}}, ptr [[OPS]]
; CHECK-NEXT:    invoke void @work(ptr %a)
; CHECK-NEXT:            to label %[[NORMAL:.*]] unwind label %pad
; CHECK:       [[NORMAL]]:
; CHECK-NEXT:    load i64, ptr [[OPS]]
; CHECK-NEXT:    [[C2:%.*]] = load i64, ptr [[CD]]
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    phi i64 [ [[C2]], %[[NORMAL]] ]
; CHECK:       pad:
; CHECK-NEXT:    %lp = landingpad
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    load i64, ptr [[OPS]]
; CHECK-NEXT:    [[C3:%.*]] = load i64, ptr [[CD]]
; CHECK-NEXT:    store double 0.000000e+00, ptr %a
; CHECK-NEXT:    sub i64 [[C3]], 2
; CHECK:         store i64 {{%.*}}, ptr [[CD]]
; CHECK:         store i64 {{%.*}}, ptr [[OPS]]
; CHECK-NEXT:    resume
entry:
  %x = load double, ptr %a
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 8, i1 false)
  call void @work(ptr %a)
  store double %x, ptr %a
  br i1 %c, label %inv, label %join
inv:
  invoke void @work(ptr %a) to label %join unwind label %pad
join:
  %y = load double, ptr %a
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  store double 0.0, ptr %a
  resume { ptr, i32 } %lp
}
