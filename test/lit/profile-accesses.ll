; profile-every=N (issue 5, portable profiling): every load and store through
; a non-stack, non-constant pointer decrements a per-thread countdown; when it
; goes negative the access calls __oli_profile_access(addr, N) and the
; countdown restarts at N-1. Stack slots and constants are not counted; the
; default (0) adds nothing; a second run adds nothing more.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>,oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s --check-prefix=TWICE
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-profile-accesses -S < %s | FileCheck %s --check-prefix=OFF
source_filename = "prof.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]

; CHECK: @__oli_profile_countdown = linkonce_odr hidden thread_local(initialexec) global i64 0, comdat, align 8

define void @axpy(ptr %x, ptr %y, i64 %i) {
; CHECK-LABEL: define void @axpy(
; CHECK-NEXT:    %slot = alloca double
; CHECK-NEXT:    [[CD:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__oli_profile_countdown)
; CHECK-NEXT:    %px = getelementptr double, ptr %x, i64 %i
; CHECK-NEXT:    [[C0:%.*]] = load i64, ptr [[CD]]
; CHECK-NEXT:    [[L0:%.*]] = sub i64 [[C0]], 1
; CHECK-NEXT:    store i64 [[L0]], ptr [[CD]]
; CHECK-NEXT:    [[H0:%.*]] = icmp slt i64 [[L0]], 0
; CHECK-NEXT:    br i1 [[H0]], label %[[S0:.*]], label %[[T0:.*]], !prof
; CHECK:       [[S0]]:
; CHECK-NEXT:    call void @__oli_profile_access(ptr %px, i64 64)
; CHECK-NEXT:    store i64 63, ptr [[CD]]
; CHECK-NEXT:    br label %[[T0]]
; CHECK:       [[T0]]:
; CHECK-NEXT:    %vx = load double, ptr %px
; CHECK:         call void @__oli_profile_access(ptr %py, i64 64)
; CHECK:         store double %s, ptr %py
; CHECK-NEXT:    store double %s, ptr %slot
; CHECK-NEXT:    %t = load i32, ptr @table
; CHECK-NEXT:    ret void
; TWICE-COUNT-3: call void @__oli_profile_access(
; TWICE-NOT: call void @__oli_profile_access(
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
