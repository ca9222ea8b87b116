; Access summaries, an object handed to another module's kernel a tile at a
; time: `for (it = 0; it < 10; it++) for (off = 0; off < n; off += 4096)
; scale(c + off, 4096)`. The edge into scale#0 counts every call (the
; tiles' count is a guess here), and the sweeps of the object those calls
; make: one per entry of the loop that moves the pointer, 10, not one per
; call (the join weighs the kernel's parts taken to cover the object by the
; sweeps, its known counts by the calls). The time loop around the tiles
; only runs them again: it is no tile. Before, the edge had the calls
; alone and the join took every call to cover the object (c: 314 passes
; where a profile counts 22).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "tiles.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> scale#0 x{{[0-9.e+]+}} (10 sweeps){{(, size .* at the sample point of %main[.][0-9]+:.*)?}}, guessed{{$}}

declare noalias ptr @malloc(i64)
declare i64 @getn()
declare void @scale(ptr, i64)

define i32 @main() {
entry:
  %n = call i64 @getn()
  %bytes = shl nsw i64 %n, 3
  %c = call ptr @malloc(i64 %bytes)
  br label %time
time:
  %it = phi i32 [ 0, %entry ], [ %it.next, %time.end ]
  br label %tile
tile:
  %off = phi i64 [ 0, %time ], [ %off.next, %tile ]
  %p = getelementptr inbounds double, ptr %c, i64 %off
  call void @scale(ptr %p, i64 4096)
  %off.next = add nuw nsw i64 %off, 4096
  %more = icmp slt i64 %off.next, %n
  br i1 %more, label %tile, label %time.end
time.end:
  %it.next = add nuw nsw i32 %it, 1
  %done = icmp eq i32 %it.next, 10
  br i1 %done, label %exit, label %time
exit:
  ret i32 0
}
