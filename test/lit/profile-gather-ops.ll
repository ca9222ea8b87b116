; profile-every=N: a sample crossing at an access in a loop whose address
; waits on a value its iteration loads (x[idx[i]]) goes to
; __oli_profile_gather4 with the operations of one iteration of that loop
; (the planner's work between misses), shared by the iteration's gathers
; whose misses overlap (an unrolled loop's copies, x[idx[i]] beside
; y[idx[i]]) and given whole to each of a chain (y[x[idx[i]]] waits for
; x[idx[i]]); a sweep's samples and a gather outside any loop keep
; __oli_profile_sample4.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "gather-ops.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; for i < n: s += f(x[idx[i]]): the loop's 9 operations (2 loads, sext, 3 fp, add, icmp, br)
define double @gather(ptr %x, ptr %idx, i64 %n) {
; CHECK-LABEL: define double @gather(
; CHECK:         [[OPS:%.*]] = select i1 {{%.*}}, i64 0, i64 9
; CHECK:         [[G:%.*]] = icmp ne i64 [[OPS]], 0
; CHECK-NEXT:    br i1 [[G]]
; CHECK:         call i64 @__oli_profile_gather4(ptr {{%.*}}, i64 {{%.*}}, i64 64, i64 [[OPS]])
; CHECK:         call i64 @__oli_profile_sample4(
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds double, ptr %x, i64 %k64
  %v = load double, ptr %px
  %v2 = fmul double %v, %v
  %v3 = fadd double %v2, 1.0
  %s.next = fadd double %s, %v3
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; unrolled by 2: x[idx[i]] and x[idx[i+1]] share the iteration's 12 operations: 6 each
define double @unrolled(ptr %x, ptr %idx, i64 %n) {
; CHECK-LABEL: define double @unrolled(
; CHECK:         select i1 {{%.*}}, i64 0, i64 6
; CHECK-NEXT:    icmp
; CHECK-NEXT:    select i1 {{%.*}}, i64 6, i64 {{%.*}}
; CHECK:         call i64 @__oli_profile_gather4(
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds double, ptr %x, i64 %k64
  %v = load double, ptr %px
  %i1 = or disjoint i64 %i, 1
  %pi1 = getelementptr inbounds i32, ptr %idx, i64 %i1
  %k1 = load i32, ptr %pi1
  %k164 = sext i32 %k1 to i64
  %px1 = getelementptr inbounds double, ptr %x, i64 %k164
  %v1 = load double, ptr %px1
  %a = fadd double %s, %v
  %s.next = fadd double %a, %v1
  %i.next = add i64 %i, 2
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; x[idx[i]] and y[idx[i]]: neither waits for the other, their misses overlap: 9 operations, 5 each
define double @two(ptr %x, ptr %y, ptr %idx, i64 %n) {
; CHECK-LABEL: define double @two(
; CHECK:         select i1 {{%.*}}, i64 5, i64 5
; CHECK:         call i64 @__oli_profile_gather4(
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds double, ptr %x, i64 %k64
  %v = load double, ptr %px
  %py = getelementptr inbounds double, ptr %y, i64 %k64
  %w = load double, ptr %py
  %a = fadd double %s, %v
  %s.next = fadd double %a, %w
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; y[x[idx[i]]]: the second waits for the first's value, one miss after the other: 9 operations each
define double @chain(ptr %x, ptr %y, ptr %idx, i64 %n) {
; CHECK-LABEL: define double @chain(
; CHECK:         select i1 {{%.*}}, i64 9, i64 9
; CHECK:         call i64 @__oli_profile_gather4(
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %pi = getelementptr inbounds i32, ptr %idx, i64 %i
  %k = load i32, ptr %pi
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds i32, ptr %x, i64 %k64
  %m = load i32, ptr %px
  %m64 = sext i32 %m to i64
  %py = getelementptr inbounds double, ptr %y, i64 %m64
  %w = load double, ptr %py
  %s.next = fadd double %s, %w
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; a sweep, and a gather outside any loop: the sample entry point alone
define double @sweep(ptr %x, ptr %idx, i64 %n) {
; CHECK-LABEL: define double @sweep(
; CHECK-NOT:     __oli_profile_gather4
; CHECK:         ret double
entry:
  %k = load i32, ptr %idx
  %k64 = sext i32 %k to i64
  %px0 = getelementptr inbounds double, ptr %x, i64 %k64
  %v0 = load double, ptr %px0
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ %v0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %s.next = fadd double %s, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}

; CHECK: declare i64 @__oli_profile_gather4(ptr, i64, i64, i64)
