; Access summaries, a function main's module keeps but does not call (its
; calls there were inlined, or other modules call it): main calls it none per
; run, EDGE main() -> sweep() x0, so the join counts only other modules'
; calls of sweep; its USE of @u+0 stays per call of sweep.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "uncalled.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary use @u+0 under sweep(): streaming 0/byte+6.554e+04, passes 0/byte+5.243e+05 bytes, 1 accesses
; CHECK-NEXT: oli: summary edge main() -> sweep() x0

@u = external global ptr

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
  ret i32 0
}
