; A size kept in a field of the struct the object goes into: grid_alloc
; stores n into g->n (byte 0) beside g->u = malloc(n * 8). No other value
; is stored into that field in the module, so n is named by it,
; %struct.grid+0 (`g->n` of any grid, in every module alike), and the
; edge into the key %struct.grid+8 gives the object's size at the sample
; point in it: other modules' loops bounded by g->n count exact passes
; against it (static-intensity-summary-field-bound.ll). The inlined copy
; in grid_new, whose n is its own parameter, does not overrule that name.
; Before, the size was in grid_alloc's parameter alone: no size on the edge.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,instcombine,inline,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "grid.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> %struct.grid+8 x1, size 2.{{[0-9.e+]+}} at the sample point of %struct.grid+0{{$}}

%struct.grid = type { i64, ptr }

declare ptr @malloc(i64)

define void @grid_alloc(ptr %g, i64 %n) {
entry:
  %nf = getelementptr inbounds %struct.grid, ptr %g, i32 0, i32 0
  store i64 %n, ptr %nf
  %bytes = shl i64 %n, 3
  %u = call ptr @malloc(i64 %bytes)
  %uf = getelementptr inbounds %struct.grid, ptr %g, i32 0, i32 1
  store ptr %u, ptr %uf
  ret void
}

define ptr @grid_new(i64 %m) {
entry:
  %g = call ptr @malloc(i64 16)
  call void @grid_alloc(ptr %g, i64 %m)
  ret ptr %g
}
