; flang lowers some ALLOCATEs (main-program and simple module arrays) to a
; direct malloc whose size is a constant expression it has not folded
; (element size as ptrtoint of a GEP from null, times the extents) or
; max(extent, 0) through icmp + select of a local stored once: both fold to
; an exact size hint. A size from an argument gives none.
; Input: flang-new-19 -O2 (the IR at pipeline start) of
;   allocate (a(-1:1001)); m = 10; allocate (c(m)); allocate (d(n))
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@_QFEa = internal global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer
@_QFEc = internal global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer

; CHECK: @[[A:__oli_site]] = private global {{.*}} i8 1, i8 1, i64 {{-?[0-9]+}}, i64 8024, {{.*}}\00a\00
; CHECK: @[[C:__oli_site.1]] = private global {{.*}} i8 1, i8 1, i64 {{-?[0-9]+}}, i64 80, {{.*}}\00c\00
; CHECK: @[[D:__oli_site.2]] = private global {{.*}} i8 1, i8 0, i64 {{-?[0-9]+}}, i64 0,

define void @_QQmain(ptr %n) {
; CHECK-LABEL: define void @_QQmain(
; CHECK:       call ptr @__oli_malloc(i64 mul (i64 ptrtoint (ptr getelementptr (double, ptr null, i32 1) to i64), i64 1003), ptr @[[A]])
; CHECK:       call ptr @__oli_malloc(i64 %6, ptr @[[C]])
; CHECK:       call ptr @__oli_malloc(i64 %11, ptr @[[D]])
  %m = alloca i32, i64 1, align 4
  %1 = call ptr @malloc(i64 mul (i64 ptrtoint (ptr getelementptr (double, ptr null, i32 1) to i64), i64 1003))
  %2 = insertvalue { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer, ptr %1, 0
  store { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } %2, ptr @_QFEa, align 8
  store i32 10, ptr %m, align 4
  %3 = load i32, ptr %m, align 4
  %4 = sext i32 %3 to i64
  %5 = icmp sgt i64 %4, 0
  %sel = select i1 %5, i64 %4, i64 0
  %6 = mul i64 ptrtoint (ptr getelementptr (double, ptr null, i32 1) to i64), %sel
  %7 = call ptr @malloc(i64 %6)
  %8 = insertvalue { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer, ptr %7, 0
  store { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } %8, ptr @_QFEc, align 8
  %9 = load i32, ptr %n, align 4
  %10 = sext i32 %9 to i64
  %11 = mul i64 8, %10
  %12 = call ptr @malloc(i64 %11)
  ret void
}

declare ptr @malloc(i64)
