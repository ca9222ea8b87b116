; A loop bounded by a field of the struct the object is reached through:
; grid_step loads n = g->n (byte 0) and g->u (byte 8) and sweeps u[0..n).
; The bound is named by the field, %struct.grid+0, as every module names
; it, so the USE of %struct.grid+8 also counts the sweep at the sample
; point of that symbol: one pass of an object whose size other modules'
; edges give in it (static-intensity-summary-field-size.ll). Before, the
; bound was grid_step's own (`grid_step#0+0`), shared with no module.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,instcombine,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "step.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary use %struct.grid+8 under grid_step(): {{.*}}; at the sample point of %struct.grid+0: streaming 0/byte+{{[1-9][0-9]*}}, passes 0/byte+{{[0-9.e+]+}} bytes{{$}}

%struct.grid = type { i64, ptr }

define void @grid_step(ptr %g) {
entry:
  %nf = getelementptr inbounds %struct.grid, ptr %g, i32 0, i32 0
  %n = load i64, ptr %nf
  %uf = getelementptr inbounds %struct.grid, ptr %g, i32 0, i32 1
  %u = load ptr, ptr %uf
  %any = icmp sgt i64 %n, 0
  br i1 %any, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds double, ptr %u, i64 %i
  %v = load double, ptr %p
  %w = fmul double %v, 5.000000e-01
  store double %w, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
