; Access summaries at the sample point: the allocating module (Inputs/) gives
; the object's size in the globals every module names alike (nx * ny * 8 at
; the sample point of @nx+0,@ny+0) on its edge to @u+0; this module sweeps
; the object through @u+0 with loops bounded by the same globals, so its USE
; also carries the counts at that point (executions nx * ny, bytes moved =
; the size there: one pass, whatever nx and ny are at run time) beside the
; known numbers (the sweep taken to cover the object once, guessed).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output %S/Inputs/summary-sample-alloc.ll > %t 2>&1
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s >> %t 2>&1
; RUN: FileCheck %s < %t
source_filename = "sweep.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> @u+0 x1, size [[SIZE:[0-9.e+]+]] at the sample point of @nx+0,@ny+0
; CHECK: oli: summary use @u+0 under sweep(): streaming {{[0-9.e+-]+}}/byte+0, passes {{[0-9.e+-]+}}/byte+0 bytes, 1 accesses, guessed; at the sample point of @nx+0,@ny+0: streaming 0/byte+{{[0-9.e+]+}}, passes 0/byte+[[SIZE]] bytes{{$}}

@ny = external global i64
@nx = external global i64
@u = external global ptr

define double @sweep() {
  %1 = load i64, ptr @ny
  %2 = icmp sgt i64 %1, 0
  br i1 %2, label %3, label %13

3:
  %4 = load i64, ptr @nx
  %5 = icmp sgt i64 %4, 0
  %6 = load ptr, ptr @u
  br label %7

7:
  %8 = phi i64 [ 0, %3 ], [ %17, %15 ]
  %9 = phi double [ 0.000000e+00, %3 ], [ %16, %15 ]
  br i1 %5, label %10, label %15

10:
  %11 = mul nuw nsw i64 %4, %8
  %12 = getelementptr double, ptr %6, i64 %11
  br label %19

13:
  %14 = phi double [ 0.000000e+00, %0 ], [ %16, %15 ]
  ret double %14

15:
  %16 = phi double [ %9, %7 ], [ %24, %19 ]
  %17 = add nuw nsw i64 %8, 1
  %18 = icmp eq i64 %17, %1
  br i1 %18, label %13, label %7

19:
  %20 = phi i64 [ 0, %10 ], [ %25, %19 ]
  %21 = phi double [ %9, %10 ], [ %24, %19 ]
  %22 = getelementptr double, ptr %12, i64 %20
  %23 = load double, ptr %22
  %24 = fadd double %21, %23
  %25 = add nuw nsw i64 %20, 1
  %26 = icmp eq i64 %25, %4
  br i1 %26, label %15, label %19
}
