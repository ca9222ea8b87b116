; Static access estimate (print<oli-static-intensity>): a unit-stride sweep of
; a registered global is streaming; with the trip count and the size known,
; each access counts its executions per byte: one load and one store of
; every 8-byte element per call is 1/8 + 1/8 = 0.25 accesses per byte, with
; confidence high (all trip counts known, every use in this module).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'g' si.c: 0.25 accesses/byte (2 passes), streaming (streaming 100%), confidence high, 2 accesses
; CHECK-NEXT:   sweep: store: streaming 0.125
; CHECK-NEXT:   sweep: load: streaming 0.125
@g = internal global [65536 x double] zeroinitializer

define internal void @sweep() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds [65536 x double], ptr @g, i64 0, i64 %i
  %v = load double, ptr %p
  %w = fadd double %v, 1.0
  store double %w, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 65536
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define i32 @main() {
  call void @sweep()
  ret i32 0
}
