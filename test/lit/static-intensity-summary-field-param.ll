; Access summaries, a struct filled through a pointer parameter: grid_alloc
; stores a malloc'd grid into g->u (`grid_t *g`, the field at byte 8). The
; store goes to the caller's struct, which another module holds: an EDGE from
; the site to %struct.grid+8, not an escape. InstCombine turns clang's
; `gep %struct.grid, %g, 0, 1` into a byte offset before the estimator runs;
; the tagger recorded at the pipeline's start that g points to a struct.grid.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,instcombine,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "grid.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x[[ID:[0-9a-f]+]] '-' grid.c: no estimate (keyed: other modules' summaries complete it)
; CHECK: oli: summary edge 0x[[ID]] -> %struct.grid+8 x1
; CHECK-NOT: escapes

%struct.grid = type { i32, ptr, ptr }

declare noalias ptr @malloc(i64)

define void @grid_alloc(ptr %g, i64 %n) {
  %bytes = shl i64 %n, 3
  %u = call ptr @malloc(i64 %bytes)
  %f = getelementptr inbounds %struct.grid, ptr %g, i32 0, i32 1
  store ptr %u, ptr %f
  ret void
}
