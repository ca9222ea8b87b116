; The estimate goes into the record's static block (after the strings) at the
; end of the pipeline: version 1, size 16, pattern 1 (streaming), confidence 3
; (high), no flags, shares 100/0/0 %, 0.25 accesses per byte, 2 passes. The ID
; and every other field stay as the tagger wrote them (the ID recipe does not
; include the estimate); static-intensity=0 leaves the block empty.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s > %t.tag
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-static-intensity' -S < %s > %t.est
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-static-intensity<static-intensity=0>' -S < %s > %t.off
; RUN: cat %t.tag %t.est %t.off | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @__oli_site = private global {{.*}} { i32 827084627, i16 [[SIZE:[0-9]+]], i8 12, i8 1, i64 [[ID:-?[0-9]+]], i64 524288, [[REST:.*]], { i8, i8, i8, i8, i8, [3 x i8], float, float } { i8 1, i8 16, i8 0, i8 0, i8 0, [3 x i8] zeroinitializer, float 0.000000e+00, float 0.000000e+00 } }
; CHECK: @__oli_site = private global {{.*}} { i32 827084627, i16 [[SIZE]], i8 12, i8 1, i64 [[ID]], i64 524288, [[REST]], { i8, i8, i8, i8, i8, [3 x i8], float, float } { i8 1, i8 16, i8 1, i8 3, i8 0, [3 x i8] c"d\00\00", float 2.500000e-01, float 2.000000e+00 } }
; CHECK: @__oli_site = private global {{.*}} { i32 827084627, i16 [[SIZE]], i8 12, i8 1, i64 [[ID]], i64 524288, [[REST]], { i8, i8, i8, i8, i8, [3 x i8], float, float } { i8 1, i8 16, i8 0, i8 0, i8 0, [3 x i8] zeroinitializer, float 0.000000e+00, float 0.000000e+00 } }
@g = internal global [65536 x double] zeroinitializer

define internal void @sweep() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds [65536 x double], ptr @g, i64 0, i64 %i
  %v = load double, ptr %p
  %w = fadd double %v, 1.0
  store double %w, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 65536
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define i32 @main() {
  call void @sweep()
  ret i32 0
}
