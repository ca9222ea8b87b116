; An outer loop whose trip count the compiler cannot know (it ends on a
; value read from memory) keeps BlockFrequencyInfo's guess, 32 iterations
; (LLVM 19's loop branch heuristic: back edge 124, exit 4): the known inner
; sweep (0.25 per byte) is repeated that often, and the estimate says so
; (confidence medium, guessed trip counts). The sweep in init, outside any
; unknown loop, counts once.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'g' si.c: 8.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence medium, 3 accesses, guessed trip counts
; CHECK-DAG:   solve: store: streaming 4 (guessed)
; CHECK-DAG:   solve: load: streaming 4 (guessed)
; CHECK-DAG:   init: store: streaming 0.125
@g = internal global [65536 x double] zeroinitializer
@eps = internal global double 0.0

define internal void @init() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds [65536 x double], ptr @g, i64 0, i64 %i
  store double 1.0, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 65536
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define internal void @solve() {
entry:
  br label %outer
outer:
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
  %r = load double, ptr @eps
  %more = fcmp ogt double %r, 1.0e-8
  br i1 %more, label %outer, label %exit
exit:
  ret void
}

define i32 @main() {
  call void @init()
  call void @solve()
  ret i32 0
}
