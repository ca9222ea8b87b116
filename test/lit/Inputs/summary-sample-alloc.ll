; The allocating module of static-intensity-summary-sample.ll: u = malloc(nx * ny * 8).
source_filename = "alloc.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@nx = global i64 0
@ny = global i64 0
@u = global ptr null

define void @alloc_u() {
  %1 = load i64, ptr @nx
  %2 = load i64, ptr @ny
  %3 = shl i64 %1, 3
  %4 = mul i64 %3, %2
  %5 = tail call noalias ptr @malloc(i64 %4)
  store ptr %5, ptr @u
  ret void
}

declare noalias ptr @malloc(i64)
