; Access summaries, struct-field keys: grid_init returns a SimulationData by
; value (sret) with a malloc'd grid in its field at byte 8: an EDGE from the
; site to %struct.SimulationData+8 (not an escape). run takes the struct by
; value (byval) and gathers the field at byte 8 through a loaded index: the
; USE of %struct.SimulationData+8 is a gather; the field at byte 16 goes on
; to a function of another module: an EDGE from key to key, 1000 calls.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "sd.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x[[ID:[0-9a-f]+]] '-' sd.c: no estimate (keyed: other modules' summaries complete it)
; CHECK: oli: summary edge 0x[[ID]] -> %struct.SimulationData+8 x1
; CHECK: oli: summary use %struct.SimulationData+16: none, passes 0/byte+0 bytes, 0 accesses
; CHECK-NEXT: oli: summary edge %struct.SimulationData+16 -> lookup#0 x1000
; CHECK: oli: summary use %struct.SimulationData+8 under run(): gather 0/byte+1000, passes 0/byte+8000 bytes, 1 accesses
; CHECK-NOT: oli: summary use grid_init#0

%struct.SimulationData = type { i64, ptr, ptr, ptr }

declare noalias ptr @malloc(i64)
declare void @lookup(ptr)

define void @grid_init(ptr noalias sret(%struct.SimulationData) %out, i64 %n) {
  %g = call ptr @malloc(i64 524288)
  %f = getelementptr inbounds i8, ptr %out, i64 8
  store ptr %g, ptr %f
  ret void
}

define double @run(ptr byval(%struct.SimulationData) align 8 %sd) {
entry:
  %f8 = getelementptr inbounds i8, ptr %sd, i64 8
  %grid = load ptr, ptr %f8
  %f16 = getelementptr inbounds i8, ptr %sd, i64 16
  %other = load ptr, ptr %f16
  %f24 = getelementptr inbounds i8, ptr %sd, i64 24
  %idx = load ptr, ptr %f24
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %ip = getelementptr inbounds i64, ptr %idx, i64 %i
  %k = load i64, ptr %ip
  %gp = getelementptr inbounds double, ptr %grid, i64 %k
  %v = load double, ptr %gp
  %s.next = fadd double %s, %v
  call void @lookup(ptr %other)
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}
