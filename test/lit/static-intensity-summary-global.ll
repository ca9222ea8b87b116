; Access summaries, global keys: a pointer stored into a global other modules
; name is an EDGE from the site to the slot's key (@x+0, weight 1: the
; object is there for the run); each global pointer slot the module loads
; gets a USE: @x+0's names the site that already counts it (its own module's
; sweep), @y+0 (declared here, allocated in another module, e.g. a Fortran
; module array's descriptor) counts two sweeps of 65536 doubles.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "global.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x[[ID:[0-9a-f]+]] 'x' global.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence low, 1 accesses, keyed
; CHECK: oli: summary edge 0x[[ID]] -> @x+0 x1
; CHECK: oli: summary use @x+0 under main(): streaming 0/byte+6.554e+04, passes 0/byte+5.243e+05 bytes, 1 accesses, counted by 0x[[ID]]
; CHECK: oli: summary use @y+0 under main(): streaming 0/byte+1.311e+05, passes 0/byte+1.049e+06 bytes, 2 accesses

@x = global ptr null
@y = external global ptr

declare noalias ptr @malloc(i64)

define i32 @main() {
entry:
  %m = call ptr @malloc(i64 524288)
  store ptr %m, ptr @x
  %p = load ptr, ptr @x
  %q = load ptr, ptr @y
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds double, ptr %p, i64 %i
  store double 1.0, ptr %a
  %b = getelementptr inbounds double, ptr %q, i64 %i
  %v = load double, ptr %b
  %w = fadd double %v, 1.0
  store double %w, ptr %b
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 65536
  br i1 %done, label %exit, label %loop
exit:
  ret i32 0
}
