; Access summaries, call edges: weights through a global key are per run of
; the module's root function they run under. sweep is called by other
; modules only (root sweep()): its USE of @u+0 is "under sweep()", per
; call, and the join multiplies it by sweep's calls. main calls two functions of
; other modules: EDGEs main() -> step() x10 (the time-step loop) and
; main() -> setup() x1, from which the join counts each root's calls.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "calls.f90"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary use @u+0 under sweep(): streaming 0/byte+6.554e+04, passes 0/byte+5.243e+05 bytes, 1 accesses
; CHECK-NEXT: oli: summary edge main() -> setup() x1
; CHECK-NEXT: oli: summary edge main() -> step() x10

@u = external global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] }

declare void @setup()
declare void @step()

define void @sweep() {
entry:
  %p = load ptr, ptr @u
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  store double 1.0, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 65536
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define i32 @main() {
entry:
  call void @setup()
  br label %steps
steps:
  %t = phi i32 [ 0, %entry ], [ %t.next, %steps ]
  call void @step()
  %t.next = add nuw nsw i32 %t, 1
  %c = icmp eq i32 %t.next, 10
  br i1 %c, label %exit, label %steps
exit:
  ret i32 0
}
