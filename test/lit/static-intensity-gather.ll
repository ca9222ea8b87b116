; x[idx[i]]: the address of the x access depends on a value loaded in the
; loop, so x is a gather, while idx itself streams. Trip count n, the one
; value main passes, which sized both objects: one pass each, 1/8 access per
; byte (accesses count 8-byte units of what they move: idx's 4-byte elements
; half an access each, x's 8-byte elements one), confidence high. Both
; pointers are loaded back from the static globals main stored them into.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'idx' si.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses{{$}}
; CHECK-NEXT:   gsum: load: streaming 0.125{{$}}
; CHECK: oli: site 0x{{[0-9a-f]+}} 'x' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), gather (gather 100%), confidence high, 1 accesses{{$}}
; CHECK-NEXT:   gsum: load: gather 0.125{{$}}
@idx = internal global ptr null
@x = internal global ptr null

declare ptr @malloc(i64)

define internal double @gsum(i64 %n) {
entry:
  %ip = load ptr, ptr @idx
  %xp = load ptr, ptr @x
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %s, %loop ]
  %pi = getelementptr inbounds i32, ptr %ip, i64 %i
  %k = load i32, ptr %pi
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds double, ptr %xp, i64 %k64
  %v = load double, ptr %px
  %s = fadd double %acc, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret double %s
}

define i32 @main(i32 %argc, ptr %argv) {
  %n = sext i32 %argc to i64
  %b1 = shl i64 %n, 2
  %a = call ptr @malloc(i64 %b1)
  store ptr %a, ptr @idx
  %b2 = shl i64 %n, 3
  %b = call ptr @malloc(i64 %b2)
  store ptr %b, ptr @x
  %r = call double @gsum(i64 %n)
  ret i32 0
}
