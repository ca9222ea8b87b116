; An address that moves in the loop but is neither affine nor derived from a
; loaded value (a hashed index) has pattern unknown; an affine index wrapped
; around with `and` by a loop-invariant mask (a periodic stencil neighbour)
; still streams.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'h' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), unknown (unknown 100%), confidence medium, 1 accesses, guessed trip counts
; CHECK-NEXT:   scatter: store: unknown 0.125 (guessed)
; CHECK: oli: site 0x{{[0-9a-f]+}} 'w' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence medium, 1 accesses, guessed trip counts
; CHECK-NEXT:   wrap: load: streaming 0.125 (guessed)
@h = internal global [65536 x double] zeroinitializer
@w = internal global [65536 x double] zeroinitializer

define internal void @scatter(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %m = mul i64 %i, 2654435761
  %k = urem i64 %m, 65521
  %p = getelementptr inbounds [65536 x double], ptr @h, i64 0, i64 %k
  store double 1.0, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define internal double @wrap(i64 %n, i64 %mask) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %s, %loop ]
  %i1 = add nuw nsw i64 %i, 1
  %k = and i64 %i1, %mask
  %p = getelementptr inbounds [65536 x double], ptr @w, i64 0, i64 %k
  %v = load double, ptr %p
  %s = fadd double %acc, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret double %s
}

define i32 @main(i32 %argc, ptr %argv) {
  %n = sext i32 %argc to i64
  call void @scatter(i64 %n)
  %r = call double @wrap(i64 %n, i64 65535)
  ret i32 0
}
