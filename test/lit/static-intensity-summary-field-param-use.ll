; Access summaries, a struct read through a pointer parameter: grid_step
; (`grid_t *g`) loads g->u, the field at byte 8, and sweeps it. The field is
; a key root: a USE of %struct.grid+8 under grid_step(), a stream of 1000
; doubles a call, beside the parameter's own key. InstCombine turns clang's
; struct GEP into a byte offset before the estimator runs; the tagger
; recorded at the pipeline's start that g points to a struct.grid.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,instcombine,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "grid.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary use %struct.grid+8 under grid_step(): streaming 0/byte+1000, passes 0/byte+8000 bytes, 1 accesses{{$}}

%struct.grid = type { i32, ptr, ptr }

define double @grid_step(ptr %g) {
entry:
  %f = getelementptr inbounds %struct.grid, ptr %g, i32 0, i32 1
  %u = load ptr, ptr %f
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds double, ptr %u, i64 %i
  %v = load double, ptr %p
  %s.next = fadd double %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}
