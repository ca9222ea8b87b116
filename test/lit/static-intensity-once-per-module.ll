; The estimate and the summaries are written once per module. Under LTO the
; pipeline's end runs before the link and again in the link's backend, where
; the module's summaries are in already and other modules' functions are
; imported: a second run changes nothing (before, it wrote a second summary
; section - every USE twice in the join - and a second estimate that counted
; the imported code, 75 passes for an array of 31 in a ThinLTO build).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-static-intensity,oli-static-intensity' -S < %s | FileCheck %s
source_filename = "grid.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: section "oli_summary"
; CHECK-NOT: section "oli_summary"
; CHECK: !{i32 7, !"oli.estimated", i32 1}

%struct.grid = type { i32, ptr, ptr }

declare noalias ptr @malloc(i64)

define void @grid_alloc(ptr %g, i64 %n) {
  %bytes = shl i64 %n, 3
  %u = call ptr @malloc(i64 %bytes)
  %f = getelementptr inbounds %struct.grid, ptr %g, i32 0, i32 1
  store ptr %u, ptr %f
  ret void
}
