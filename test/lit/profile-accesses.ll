; profile-every=N (issue 5, portable profiling): each basic block subtracts the
; 4-byte quanta K of its loads and stores through non-stack, non-constant
; pointers (a double is 2) from a per-thread countdown once, at its end (a
; function's copy, loaded at entry and stored back at its return); when it goes
; negative, the access whose quanta hold the zero crossing (index K + left)
; calls __oli_profile_sample4(addr, left, N), which returns the countdown with
; the next periods added. Stack slots and
; constants are not counted; the default (0) adds nothing; a second run adds
; nothing more.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>,oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s --check-prefix=TWICE
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-profile-accesses -S < %s | FileCheck %s --check-prefix=OFF
source_filename = "prof.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

; CHECK: @__oli_profile_countdown4 = linkonce_odr hidden thread_local(initialexec) global i64 0, comdat, align 8

define void @axpy(ptr %x, ptr %y, i64 %i) {
; CHECK-LABEL: define void @axpy(
; CHECK-NEXT:    %slot = alloca double
; CHECK-NEXT:    [[CD:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__oli_profile_countdown4)
; CHECK-NEXT:    [[C0:%.*]] = load i64, ptr [[CD]]
; CHECK-NEXT:    [[OPS:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__oli_profile_ops_left)
; CHECK-NEXT:    [[O0:%.*]] = load i64, ptr [[OPS]]
; CHECK-NEXT:    %px = getelementptr double, ptr %x, i64 %i
; CHECK-NEXT:    %vx = load double, ptr %px
; CHECK-NEXT:    %py = getelementptr double, ptr %y, i64 %i
; CHECK-NEXT:    %vy = load double, ptr %py
; CHECK-NEXT:    %s = fadd double %vx, %vy
; CHECK-NEXT:    store double %s, ptr %py
; CHECK-NEXT:    store double %s, ptr %slot
; CHECK-NEXT:    %t = load i32, ptr @table
; CHECK-NEXT:    [[L0:%.*]] = sub i64 [[C0]], 6
; CHECK-NEXT:    [[H0:%.*]] = icmp slt i64 [[L0]], 0
; CHECK-NEXT:    br i1 [[H0]], label %[[S0:.*]], label %[[T0:.*]], !prof
; CHECK:       [[S0]]:
; CHECK-NEXT:    [[I:%.*]] = add i64 [[L0]], 6
; CHECK-NEXT:    [[E1:%.*]] = icmp ult i64 [[I]], 4
; CHECK-NEXT:    [[P1:%.*]] = select i1 [[E1]], ptr %py, ptr %py
; CHECK-NEXT:    [[E0:%.*]] = icmp ult i64 [[I]], 2
; CHECK-NEXT:    [[P0:%.*]] = select i1 [[E0]], ptr %px, ptr [[P1]]
; CHECK-NEXT:    [[R0:%.*]] = call i64 @__oli_profile_sample4(ptr [[P0]], i64 [[L0]], i64 64)
; CHECK-NEXT:    br label %[[T0]]
; CHECK:       [[T0]]:
; CHECK-NEXT:    [[F:%.*]] = phi i64 [ [[R0]], %[[S0]] ], [ [[L0]], %{{.*}} ]
; CHECK-NEXT:    store i64 [[F]], ptr [[CD]]
; CHECK-NEXT:    [[O1:%.*]] = sub i64 [[O0]], 7
; CHECK-NEXT:    [[H1:%.*]] = icmp slt i64 [[O1]], 0
; CHECK-NEXT:    br i1 [[H1]], label %[[S1:.*]], label %[[T1:.*]], !prof
; CHECK:       [[S1]]:
; CHECK-NEXT:    call i64 @__oli_profile_ops(i64 [[O1]], i64 65536)
; CHECK:       [[T1]]:
; CHECK-NEXT:    [[G:%.*]] = phi i64
; CHECK-NEXT:    store i64 [[G]], ptr [[OPS]]
; CHECK-NEXT:    ret void
; TWICE-COUNT-1: call i64 @__oli_profile_sample4(
; TWICE-NOT: call i64 @__oli_profile_sample4(
; TWICE-COUNT-1: call i64 @__oli_profile_ops(
; TWICE-NOT: call i64 @__oli_profile_ops(
; OFF-NOT: __oli_profile
  %slot = alloca double
  %px = getelementptr double, ptr %x, i64 %i
  %vx = load double, ptr %px
  %py = getelementptr double, ptr %y, i64 %i
  %vy = load double, ptr %py
  %s = fadd double %vx, %vy
  store double %s, ptr %py
  store double %s, ptr %slot
  %t = load i32, ptr @table
  ret void
}
