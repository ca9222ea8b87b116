; profile-every=N: an in-place update of a gathered element (`cnt[idx[i]]++`:
; a store back to the address the load before it read, the index loaded)
; counts once, as its load - the block's countdown takes the index's quantum
; and the count's two (a whole 8-byte access), not the store's two more. A
; streamed update (`u[i] += 1`) keeps its store: the sweep's write-back.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "update.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @histogram(ptr %idx, ptr %cnt, i64 %n) {
; CHECK-LABEL: define void @histogram(
; CHECK:       loop:
; CHECK:         store i64 %c1, ptr %pc
; CHECK:         sub i64 {{%.*}}, 3
; CHECK-NOT:     sub i64 {{%.*}}, 5
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi
  %kk = zext i32 %k to i64
  %pc = getelementptr inbounds i64, ptr %cnt, i64 %kk
  %c = load i64, ptr %pc
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %pc
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @sweep(ptr %u, i64 %n) {
; CHECK-LABEL: define void @sweep(
; CHECK:       loop:
; CHECK:         store i64 %v1, ptr %pu
; CHECK:         sub i64 {{%.*}}, 4
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pu = getelementptr inbounds i64, ptr %u, i64 %i
  %v = load i64, ptr %pu
  %v1 = add i64 %v, 1
  store i64 %v1, ptr %pu
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
