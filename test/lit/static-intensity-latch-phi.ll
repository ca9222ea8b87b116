; An outer loop whose latch takes `j + 1` from two paths (the vectoriser's
; 2-D sweep: a row's vector loop and the scalar loop each compute it): the
; latch exits on a phi of the two, and the header's phi takes that phi, so
; ScalarEvolution recognises neither as an induction and has no trip count.
; Each of the phi's values is the header's plus 1, so the count is
; `bound - start - 1` (ny - 2 rows here), and the rows' sweep of the n x m
; array is one pass, exact (confidence high). Before, the outer loop's
; trips were BranchProbabilityInfo's guess: 1 pass, guessed, confidence medium.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "latch.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} {{.*}}: 0.12{{[0-9]*}} accesses/byte (0.99{{[0-9]*}} passes), streaming (streaming 100%), confidence high

declare noalias ptr @malloc(i64)
declare void @free(ptr)

define void @rows(i64 %nx, i64 %ny) {
entry:
  %cells = mul i64 %nx, %ny
  %bytes = shl i64 %cells, 3
  %a = call ptr @malloc(i64 %bytes)
  %last = add i64 %ny, -1
  %some = icmp sgt i64 %ny, 2
  br i1 %some, label %outer, label %done
outer:
  %j = phi i64 [ 1, %entry ], [ %j.next, %latch ]
  %wide = icmp sgt i64 %nx, 0
  br i1 %wide, label %row, label %skip
skip:
  %j.skip = add nuw nsw i64 %j, 1
  br label %latch
row:
  %base = mul nuw nsw i64 %j, %nx
  br label %inner
inner:
  %i = phi i64 [ 0, %row ], [ %i.next, %inner ]
  %k = add nuw nsw i64 %base, %i
  %p = getelementptr inbounds double, ptr %a, i64 %k
  store double 0.0, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %end = icmp eq i64 %i.next, %nx
  br i1 %end, label %row.done, label %inner
row.done:
  %j.row = add nuw nsw i64 %j, 1
  br label %latch
latch:
  %j.next = phi i64 [ %j.skip, %skip ], [ %j.row, %row.done ]
  %exit = icmp eq i64 %j.next, %last
  br i1 %exit, label %done, label %outer
done:
  call void @free(ptr %a)
  ret void
}
