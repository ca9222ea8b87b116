; profile-every=N keeps a function's copy of the per-thread countdown in a
; register: a loop without calls updates a phi, not the thread-local variable,
; so no iteration waits on the last one's store; the copy is loaded once at
; entry and stored back at the return. The operations' countdown likewise
; (this loop's counted at its exit: profile-ops.ll).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "loop.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @scale(ptr %a, ptr %b, i64 %n) {
; CHECK-LABEL: define void @scale(
; CHECK:       entry:
; CHECK-NEXT:    [[CD:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__oli_profile_countdown4)
; CHECK-NEXT:    [[C0:%.*]] = load i64, ptr [[CD]]
; CHECK-NEXT:    [[OPS:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__oli_profile_ops_left)
; CHECK-NEXT:    load i64, ptr [[OPS]]
; CHECK:         br label %loop
; CHECK:       loop:
; CHECK-NEXT:    [[C:%.*]] = phi i64 [ [[C0]], %{{.*}} ], [ [[NEXT:%.*]], %[[LATCH:.*]] ]
; CHECK-NOT:     ptr [[CD]]
; CHECK:         [[L:%.*]] = sub i64 [[C]], 4
; CHECK-NOT:     ptr [[CD]]
; CHECK:       [[LATCH]]:
; CHECK-NEXT:    [[NEXT]] = phi i64
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK:         store i64 [[NEXT]], ptr [[CD]]
; CHECK:         store i64 {{%.*}}, ptr [[OPS]]
; CHECK-NEXT:    ret void
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr double, ptr %b, i64 %i
  %v = load double, ptr %pb
  %w = fmul double %v, 2.0
  %pa = getelementptr double, ptr %a, i64 %i
  store double %w, ptr %pa
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
