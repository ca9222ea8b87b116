; profile-every=N also counts the operations each block runs (the planner's
; compute time): its instructions but phis, address arithmetic (GEPs), no-op
; casts, debug and assume-like intrinsics and fixed stack slots, subtracted
; from a second per-thread countdown (65536 at thread start) at the block's
; end - in the function's copy of it, so a loop runs one subtraction a block
; and nothing else. An innermost loop of one block without calls, with an
; induction variable {Init,+,Step}, runs none: its operations come off once
; at its exit, (the variable's last value - Init) / Step iterations of them.
; Where the copy meets the thread's (before a call, a return) a countdown
; below zero calls __oli_profile_ops(left, 65536), which counts 65536 - left
; and restarts it. A function without profiled accesses (pure arithmetic)
; gets this countdown only.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "ops.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @__oli_profile_ops_left = linkonce_odr hidden thread_local(initialexec) global i64 65536, comdat, align 8

; A loop of one block, i = x, x + 2, ... until n: its 5 operations (the mul,
; two adds, the icmp, the br) per iteration, counted at the exit.
define i64 @poly(i64 %x, i64 %n) {
; CHECK-LABEL: define i64 @poly(
; CHECK-NOT:     __oli_profile_countdown4
; CHECK:       entry:
; CHECK-NEXT:    %slot = alloca i64
; CHECK-NEXT:    [[OPS:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__oli_profile_ops_left)
; CHECK-NEXT:    [[O0:%.*]] = load i64, ptr [[OPS]]
; CHECK-NEXT:    [[O1:%.*]] = sub i64 [[O0]], 1
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NOT:     oli
; CHECK:         br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    [[D:%.*]] = sub i64 %i.next, %x
; CHECK-NEXT:    [[T:%.*]] = sdiv exact i64 [[D]], 2
; CHECK-NEXT:    [[A:%.*]] = mul i64 [[T]], 5
; CHECK-NEXT:    [[O2:%.*]] = sub i64 [[O1]], 1
; CHECK-NEXT:    [[L:%.*]] = sub i64 [[O2]], [[A]]
; CHECK-NEXT:    [[H:%.*]] = icmp slt i64 [[L]], 0
; CHECK-NEXT:    br i1 [[H]], label %[[CALL:.*]], label %[[BACK:.*]], !prof
; CHECK:       [[CALL]]:
; CHECK-NEXT:    [[R:%.*]] = call i64 @__oli_profile_ops(i64 [[L]], i64 65536)
; CHECK:       [[BACK]]:
; CHECK-NEXT:    [[F:%.*]] = phi i64 [ [[R]], %[[CALL]] ], [ [[L]], %exit ]
; CHECK-NEXT:    store i64 [[F]], ptr [[OPS]]
; CHECK-NEXT:    ret i64 %acc.next
; CHECK-NOT:   __oli_profile_sample4
entry:
  %slot = alloca i64
  br label %loop
loop:
  %i = phi i64 [ %x, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 1, %entry ], [ %acc.next, %loop ]
  %v = bitcast i64 %acc to <2 x i32>
  %w = bitcast <2 x i32> %v to i64
  %m = mul i64 %w, %x
  %acc.next = add i64 %m, 3
  %p = getelementptr i64, ptr %slot, i64 %i
  call void @llvm.assume(i1 true)
  %i.next = add i64 %i, 2
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %acc.next
}

; A loop of two blocks: a subtraction at each one's end, nothing else.
define i64 @branchy(i64 %n) {
; CHECK-LABEL: define i64 @branchy(
; CHECK:       loop:
; CHECK-NEXT:    [[O:%.*]] = phi i64
; CHECK:         %odd = icmp eq i64 %b, 1
; CHECK-NEXT:    [[O1:%.*]] = sub i64 [[O]], 3
; CHECK-NEXT:    br i1 %odd, label %bump, label %latch
; CHECK:       bump:
; CHECK-NEXT:    %c = add i64 %a, 7
; CHECK-NEXT:    [[O2:%.*]] = sub i64 [[O1]], 2
; CHECK-NEXT:    br label %latch
; CHECK:       latch:
; CHECK-NOT:     __oli_profile_ops
; CHECK:         sub i64 {{%.*}}, 4
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %a = phi i64 [ 0, %entry ], [ %d, %latch ]
  %b = and i64 %i, 1
  %odd = icmp eq i64 %b, 1
  br i1 %odd, label %bump, label %latch
bump:
  %c = add i64 %a, 7
  br label %latch
latch:
  %d = phi i64 [ %a, %loop ], [ %c, %bump ]
  %e = add i64 %d, 1
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %e
}

; A call in the loop (oli_profile_pause, say): the operations before it are
; taken before it, under the profile's state they ran in; the loop's own
; are subtracted in it.
declare void @step()
define void @calls(i64 %n) {
; CHECK-LABEL: define void @calls(
; CHECK:       loop:
; CHECK-NEXT:    [[O:%.*]] = phi i64
; CHECK:         [[H:%.*]] = icmp slt i64 [[O]], 0
; CHECK-NEXT:    br i1 [[H]], label %[[CALL:.*]], label %[[BACK:.*]], !prof
; CHECK:       [[CALL]]:
; CHECK-NEXT:    call i64 @__oli_profile_ops(i64 [[O]], i64 65536)
; CHECK:       [[BACK]]:
; CHECK-NEXT:    [[F:%.*]] = phi i64
; CHECK-NEXT:    store i64 [[F]], ptr [[OPS:%.*]]
; CHECK-NEXT:    call void @step()
; CHECK-NEXT:    [[R:%.*]] = load i64, ptr [[OPS]]
; CHECK:         sub i64 [[R]], 4
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @step()
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare void @llvm.assume(i1)
