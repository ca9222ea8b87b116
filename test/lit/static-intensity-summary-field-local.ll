; Access summaries, a struct of main's that another module fills through a
; pointer (`grid_alloc(&g, n)`, not sret): main loads the pointer field at
; byte 8 and sweeps it. The field is a key root: a USE of %struct.grid+8
; under main(), a stream of 1000 doubles.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "main.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary use %struct.grid+8 under main(): streaming 0/byte+1000, passes 0/byte+8000 bytes, 1 accesses{{$}}

%struct.grid = type { i32, ptr, ptr }

declare void @grid_alloc(ptr, i64)

define i32 @main() {
entry:
  %g = alloca %struct.grid, align 8
  call void @grid_alloc(ptr %g, i64 1000)
  %f8 = getelementptr inbounds i8, ptr %g, i64 8
  %u = load ptr, ptr %f8
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
  %r = fptosi double %s.next to i32
  ret i32 %r
}
