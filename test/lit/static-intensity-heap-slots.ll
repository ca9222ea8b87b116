; A heap object reaches its loads through pointer slots: stored into a static
; global and loaded back in another function; and stored into a local that an
; OpenMP parallel region receives by reference (__kmpc_fork_call's callback
; metadata maps the broker's arguments to the outlined function's
; parameters), where it is loaded from the slot and swept.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'buf' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence high, 1 accesses{{$}}
; CHECK-NEXT:   reader: load: streaming 0.125{{$}}
; CHECK: oli: site 0x{{[0-9a-f]+}} '-' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence medium, 1 accesses, guessed trip counts
; CHECK-NEXT:   main.omp_outlined: store: streaming 0.125 (guessed)
%struct.ident_t = type { i32, i32, i32, i32, ptr }
@buf = internal global ptr null
@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00"
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }

declare ptr @malloc(i64)
declare !callback !0 void @__kmpc_fork_call(ptr, i32, ptr, ...)

define internal double @reader(i64 %n) {
entry:
  %b = load ptr, ptr @buf
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %s, %loop ]
  %p = getelementptr inbounds double, ptr %b, i64 %i
  %v = load double, ptr %p
  %s = fadd double %acc, %v
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret double %s
}

define internal void @main.omp_outlined(ptr noalias %gtid, ptr noalias %btid, ptr %slot, ptr %np) {
entry:
  %n = load i64, ptr %np
  %b = load ptr, ptr %slot
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds double, ptr %b, i64 %i
  store double 0.0, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define i32 @main(i32 %argc, ptr %argv) {
  %slot = alloca ptr
  %np = alloca i64
  %n = sext i32 %argc to i64
  store i64 %n, ptr %np
  %bytes = shl i64 %n, 3
  %a = call ptr @malloc(i64 %bytes)
  store ptr %a, ptr @buf
  %local = call ptr @malloc(i64 %bytes)
  store ptr %local, ptr %slot
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @1, i32 2, ptr @main.omp_outlined, ptr %slot, ptr %np)
  %r = call double @reader(i64 %n)
  ret i32 0
}

!0 = !{!1}
!1 = !{i64 2, i64 -1, i64 -1, i1 true}
