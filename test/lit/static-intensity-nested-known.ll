; Nested loops with known trip counts: ten sweeps of a 512 KiB global in an
; outer loop of 10 (its iterations replace BlockFrequencyInfo's guess) give
; ten times the single sweep's 0.25, exactly, with confidence high; a call in
; a loop of 4 in main multiplies again.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'g' si.c: 10 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence high, 2 accesses
; CHECK-NEXT:   steps: store: streaming 5
; CHECK-NEXT:   steps: load: streaming 5
@g = internal global [65536 x double] zeroinitializer

define internal void @steps() {
entry:
  br label %outer
outer:
  %t = phi i32 [ 0, %entry ], [ %t.next, %outer.end ]
  br label %loop
loop:
  %i = phi i64 [ 0, %outer ], [ %i.next, %loop ]
  %p = getelementptr inbounds [65536 x double], ptr @g, i64 0, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, 0.5
  store double %w, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 65536
  br i1 %c, label %outer.end, label %loop
outer.end:
  %t.next = add nuw nsw i32 %t, 1
  %ct = icmp eq i32 %t.next, 10
  br i1 %ct, label %exit, label %outer
exit:
  ret void
}

define i32 @main() {
entry:
  br label %calls
calls:
  %k = phi i32 [ 0, %entry ], [ %k.next, %calls ]
  call void @steps()
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp eq i32 %k.next, 4
  br i1 %c, label %exit, label %calls
exit:
  ret i32 0
}
