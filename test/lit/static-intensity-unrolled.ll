; A loop unrolled by 8 reads a[i] .. a[i+7] with one load each, every load
; stepping 64 bytes per iteration: together they walk every element, so the
; pattern is streaming (the step per source iteration, 64 / 8, is 8 bytes),
; and each copy counts 1/64 per byte: 8/64 = 1/8 in all, as the rolled loop.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'u' si.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 8 accesses{{$}}
; CHECK-COUNT-8: sum8: load: streaming 0.01562{{$}}
@u = internal global ptr null

declare ptr @malloc(i64)

define internal double @sum8(ptr %a, i64 %n8) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %s7, %loop ]
  %p0 = getelementptr inbounds double, ptr %a, i64 %i
  %v0 = load double, ptr %p0
  %p1 = getelementptr inbounds i8, ptr %p0, i64 8
  %v1 = load double, ptr %p1
  %p2 = getelementptr inbounds i8, ptr %p0, i64 16
  %v2 = load double, ptr %p2
  %p3 = getelementptr inbounds i8, ptr %p0, i64 24
  %v3 = load double, ptr %p3
  %p4 = getelementptr inbounds i8, ptr %p0, i64 32
  %v4 = load double, ptr %p4
  %p5 = getelementptr inbounds i8, ptr %p0, i64 40
  %v5 = load double, ptr %p5
  %p6 = getelementptr inbounds i8, ptr %p0, i64 48
  %v6 = load double, ptr %p6
  %p7 = getelementptr inbounds i8, ptr %p0, i64 56
  %v7 = load double, ptr %p7
  %s0 = fadd double %acc, %v0
  %s1 = fadd double %s0, %v1
  %s2 = fadd double %s1, %v2
  %s3 = fadd double %s2, %v3
  %s4 = fadd double %s3, %v4
  %s5 = fadd double %s4, %v5
  %s6 = fadd double %s5, %v6
  %s7 = fadd double %s6, %v7
  %i.next = add nuw nsw i64 %i, 8
  %c = icmp uge i64 %i.next, %n8
  br i1 %c, label %exit, label %loop
exit:
  ret double %s7
}

define i32 @main(i32 %argc, ptr %argv) {
  %n = sext i32 %argc to i64
  %n8 = shl i64 %n, 3
  %bytes = shl i64 %n8, 3
  %a = call ptr @malloc(i64 %bytes)
  store ptr %a, ptr @u
  %r = call double @sum8(ptr %a, i64 %n8)
  ret i32 0
}
