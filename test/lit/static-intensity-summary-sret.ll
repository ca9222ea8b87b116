; Access summaries, a struct another module's function returns by value
; (sret): main loads the pointer field at byte 8 of the result and sweeps it.
; The field is a key root: a USE of %struct.SimulationData+8 under main(), a
; stream of 1000 doubles, not an escape (grid_init only fills the struct).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "main.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary use %struct.SimulationData+8 under main(): streaming 0/byte+1000, passes 0/byte+8000 bytes, 1 accesses{{$}}

%struct.SimulationData = type { i64, ptr, ptr }

declare void @grid_init(ptr sret(%struct.SimulationData), i64)

define i32 @main() {
entry:
  %sd = alloca %struct.SimulationData, align 8
  call void @grid_init(ptr sret(%struct.SimulationData) %sd, i64 1000)
  %f8 = getelementptr inbounds i8, ptr %sd, i64 8
  %grid = load ptr, ptr %f8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %gp = getelementptr inbounds double, ptr %grid, i64 %i
  %v = load double, ptr %gp
  %s.next = fadd double %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1000
  br i1 %done, label %exit, label %loop
exit:
  %r = fptosi double %s.next to i32
  ret i32 %r
}
