; A column walk of a row-major matrix (stride 256 doubles, 2 KiB, at least a
; cache line) is strided; the two loops have known trip counts, so the
; 65536 loads per call over 512 KiB give 0.125 accesses per byte.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'm' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), strided (strided 100%), confidence high, 1 accesses
; CHECK-NEXT:   colsum: load: strided 0.125
@m = internal global [256 x [256 x double]] zeroinitializer

define internal double @colsum() {
entry:
  br label %cols
cols:
  %j = phi i64 [ 0, %entry ], [ %j.next, %cols.end ]
  %s0 = phi double [ 0.0, %entry ], [ %s, %cols.end ]
  br label %rows
rows:
  %i = phi i64 [ 0, %cols ], [ %i.next, %rows ]
  %acc = phi double [ %s0, %cols ], [ %s, %rows ]
  %p = getelementptr inbounds [256 x [256 x double]], ptr @m, i64 0, i64 %i, i64 %j
  %v = load double, ptr %p
  %s = fadd double %acc, %v
  %i.next = add nuw nsw i64 %i, 1
  %ci = icmp eq i64 %i.next, 256
  br i1 %ci, label %cols.end, label %rows
cols.end:
  %j.next = add nuw nsw i64 %j, 1
  %cj = icmp eq i64 %j.next, 256
  br i1 %cj, label %exit, label %cols
exit:
  ret double %s
}

define i32 @main() {
  %r = call double @colsum()
  ret i32 0
}
