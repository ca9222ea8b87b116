; Access summaries, a length that is a part of the size's value (`kern(a,
; n / 2)` of `a = malloc(n * 8)`, a signed division): the size is 16 times
; kern's second parameter to within 1/256 at the sample point and at a
; second one, so the edge gives it in that parameter (kern#1 at 2047: 32752
; bytes) and the join counts kern's loops over its half exactly. Before,
; the signed division was a symbol of its own and the edge had no size:
; an outside trial's half sweeps read 1.47 of the profile's passes.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "param-half.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> kern#0 x10, size 3.275e+04 at the sample point of kern#1{{$}}

declare noalias ptr @malloc(i64)
declare i64 @getn()
declare void @kern(ptr, i64)

define i32 @main() {
entry:
  %n = call i64 @getn()
  %bytes = shl nsw i64 %n, 3
  %a = call ptr @malloc(i64 %bytes)
  %half = sdiv i64 %n, 2
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  call void @kern(ptr %a, i64 %half)
  %it.next = add nuw nsw i32 %it, 1
  %done = icmp eq i32 %it.next, 10
  br i1 %done, label %exit, label %loop
exit:
  ret i32 0
}
