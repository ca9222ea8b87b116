; flang lowers a simple ALLOCATE to malloc and stores the result into a
; descriptor: through insertvalue, a local descriptor copy, a reload and a
; store into @_QMcgEcolidx; the record names the object colidx.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%desc = type { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] }
@_QMcgEcolidx = global %desc zeroinitializer

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 1, i8 0, {{.*}} c"FIRModule\00main\00colidx\00

define void @_QQmain(i64 %n) {
; CHECK-LABEL: define void @_QQmain(
; CHECK:         %m = call ptr @__oli_malloc(i64 %n, ptr @[[S0]])
  %tmp = alloca %desc
  %m = call ptr @malloc(i64 %n)
  %d = insertvalue %desc zeroinitializer, ptr %m, 0
  store %desc %d, ptr %tmp
  %l = load %desc, ptr %tmp
  store %desc %l, ptr @_QMcgEcolidx
  ret void
}

declare ptr @malloc(i64)
