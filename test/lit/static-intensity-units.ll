; Accesses count in 8-byte units of what they move, as the portable profile
; counts them: idx's 4-byte elements, swept, half an access each (1/8 per byte
; for its one pass), but x's 4-byte elements, gathered (x[idx[i]]), one access
; each (1/4 per byte, 2 passes of 8-byte accesses): a gathered access may fetch
; a line of its own.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s

; CHECK: oli: site 0x{{[0-9a-f]+}} 'idx' su.c: 0.125 accesses/byte (1 passes), streaming
; CHECK: oli: site 0x{{[0-9a-f]+}} 'x' su.c: 0.25 accesses/byte (2 passes), gather
source_filename = "su.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@idx = internal global ptr null
@x = internal global ptr null

declare ptr @malloc(i64)

define internal i32 @gsum(i64 %n) {
entry:
  %ip = load ptr, ptr @idx
  %xp = load ptr, ptr @x
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %s, %loop ]
  %pi = getelementptr inbounds i32, ptr %ip, i64 %i
  %k = load i32, ptr %pi
  %k64 = sext i32 %k to i64
  %px = getelementptr inbounds i32, ptr %xp, i64 %k64
  %v = load i32, ptr %px
  %s = add i32 %acc, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 %s
}

define i32 @main(i32 %argc, ptr %argv) {
  %n = sext i32 %argc to i64
  %b1 = shl i64 %n, 2
  %a = call ptr @malloc(i64 %b1)
  store ptr %a, ptr @idx
  %b2 = shl i64 %n, 2
  %b = call ptr @malloc(i64 %b2)
  store ptr %b, ptr @x
  %r = call i32 @gsum(i64 %n)
  ret i32 0
}
