; profile-every=N: an int swept through a base the loop loads again from a
; fixed slot each iteration (an OpenMP region's shared pointer, reloaded
; because an atomic update of another array may alias it: `#pragma omp
; atomic count[cell[i]]++`) is a sweep: 1 quantum, as without the reload
; (the block: 5, with the base pointer's load 2 and the update 2),
; not a whole 8-byte access moving with data (2: the profile read 21 passes
; of such an array where the run makes 11).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "hist.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @hist(ptr %slot, ptr %count, i64 %n) {
; CHECK-LABEL: define void @hist(
; CHECK:       loop:
; CHECK:         %c = load i32, ptr %pc
; CHECK:         {{%.*}} = sub i64 {{%.*}}, 5{{$}}
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %base = load ptr, ptr %slot
  %pc = getelementptr inbounds i32, ptr %base, i64 %i
  %c = load i32, ptr %pc
  %cc = sext i32 %c to i64
  %pk = getelementptr inbounds i32, ptr %count, i64 %cc
  %old = atomicrmw add ptr %pk, i32 1 monotonic
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
