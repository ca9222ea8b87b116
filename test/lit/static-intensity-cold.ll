; What the estimate is for: telling a write-once array from a hot one of the
; same size. hot is swept in a time-step loop of 100 (201 passes over it:
; the initial store, then a load and a store per step), once is only
; initialised (one store per element, 1/8 per byte, one pass), and never is
; not accessed at all: intensity 0, pattern none, confidence high (every use
; of a static is in view).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'hot' si.c: 25.12 accesses/byte (201 passes), streaming (streaming 100%), confidence high, 3 accesses
; CHECK: oli: site 0x{{[0-9a-f]+}} 'once' si.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses
; CHECK: oli: site 0x{{[0-9a-f]+}} 'never' si.c: 0 accesses/byte (0 passes), none, confidence high, 0 accesses
@hot = internal global [65536 x double] zeroinitializer
@once = internal global [65536 x double] zeroinitializer
@never = internal global [65536 x double] zeroinitializer

define i32 @main() {
entry:
  br label %init
init:
  %i = phi i64 [ 0, %entry ], [ %i.next, %init ]
  %po = getelementptr inbounds [65536 x double], ptr @once, i64 0, i64 %i
  store double 1.0, ptr %po
  %ph = getelementptr inbounds [65536 x double], ptr @hot, i64 0, i64 %i
  store double 1.0, ptr %ph
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, 65536
  br i1 %c, label %steps, label %init
steps:
  %t = phi i32 [ 0, %init ], [ %t.next, %steps.end ]
  br label %sweep
sweep:
  %j = phi i64 [ 0, %steps ], [ %j.next, %sweep ]
  %p = getelementptr inbounds [65536 x double], ptr @hot, i64 0, i64 %j
  %v = load double, ptr %p
  %w = fmul double %v, 0.5
  store double %w, ptr %p
  %j.next = add nuw nsw i64 %j, 1
  %cj = icmp eq i64 %j.next, 65536
  br i1 %cj, label %steps.end, label %sweep
steps.end:
  %t.next = add nuw nsw i32 %t, 1
  %ct = icmp eq i32 %t.next, 100
  br i1 %ct, label %exit, label %steps
exit:
  ret i32 0
}
