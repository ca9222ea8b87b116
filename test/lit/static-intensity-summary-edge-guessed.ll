; Access summaries, an edge whose weight rests on a guessed trip count: main
; calls kern once per step of a loop whose count comes from a call (an input's
; time steps), so the edge says "guessed" and the join's estimate is not
; `high` however exact kern's own counts are.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "edge-guessed.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> kern#0 x{{[0-9.]+}}, size 1.638e+04 at the sample point of kern#1, guessed

declare noalias ptr @malloc(i64)
declare i64 @getn()
declare i32 @steps()
declare void @kern(ptr, i64)

define void @sweep(ptr %p, i64 %n) {
entry:
  %some = icmp sgt i64 %n, 0
  br i1 %some, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  store double 1.0, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define i32 @main() {
entry:
  %n = call i64 @getn()
  %nsteps = call i32 @steps()
  %bytes = shl i64 %n, 3
  %x = call ptr @malloc(i64 %bytes)
  br label %steps
steps:
  %s = phi i32 [ 0, %entry ], [ %s.next, %steps ]
  call void @kern(ptr %x, i64 %n)
  %s.next = add nuw nsw i32 %s, 1
  %more = icmp ult i32 %s.next, %nsteps
  br i1 %more, label %steps, label %done
done:
  ret i32 0
}
