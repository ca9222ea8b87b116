; Access summaries, an object's size in the parameters of the function it is
; passed to, when the length passed is an expression (`kern(a, nx * ny)` of
; `a = malloc(nx * ny * 8)`): no symbol of the size is an argument, but the
; size is 8 times the second argument, so the edge gives it in kern's
; parameter (kern#1 at its sample point, 2047, 8 bytes each) and the join
; counts kern's loops over its n exactly. Before, the edge had no size in
; kern's parameters and the join counted kern's loops from its guesses.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "param-product.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> kern#0 x10, size 1.638e+04 at the sample point of kern#1{{$}}

declare noalias ptr @malloc(i64)
declare i64 @getn()
declare void @kern(ptr, i64)

define i32 @main() {
entry:
  %nx = call i64 @getn()
  %ny = call i64 @getn()
  %cells = mul nsw i64 %nx, %ny
  %bytes = shl nsw i64 %cells, 3
  %a = call ptr @malloc(i64 %bytes)
  br label %loop
loop:
  %it = phi i32 [ 0, %entry ], [ %it.next, %loop ]
  %len = mul nsw i64 %ny, %nx
  call void @kern(ptr %a, i64 %len)
  %it.next = add nuw nsw i32 %it, 1
  %done = icmp eq i32 %it.next, 10
  br i1 %done, label %exit, label %loop
exit:
  ret i32 0
}
