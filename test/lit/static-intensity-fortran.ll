; Fortran module arrays reach their loads through the descriptor: the base
; address is the descriptor's first word, whether flang -O2 stored a malloc
; result there (a) or the runtime's ALLOCATE filled it (b, bracketed by
; __oli_site_enter/leave). The loop index is a 32-bit value sign-extended
; per access, as flang emits it: still a unit-stride sweep. Module variables
; are visible to other files that USE the module: the estimate says
; "keyed" (the descriptor is a key other modules' summaries may name) and its
; confidence is low until the join. The ALLOCATE call itself is no escape.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'a' m.f90: 0.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence low, 1 accesses, keyed, guessed trip counts
; CHECK-NEXT:   _QMmPwork: store: streaming 0.125 (guessed)
; CHECK: oli: site 0x{{[0-9a-f]+}} 'b' m.f90:9: 0.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence low, 1 accesses, keyed, guessed trip counts
; CHECK-NEXT:   _QMmPwork: load: streaming 0.125 (guessed)
@_QMmEa = global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer
@_QMmEb = global { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] } zeroinitializer
@_QQclX = linkonce constant [6 x i8] c"m.f90\00", comdat
$_QQclX = comdat any

declare ptr @malloc(i64)
declare i32 @_FortranAAllocatableAllocate(ptr, i1, ptr, ptr, i32)

define void @_QMmPwork(ptr %np) {
entry:
  %n = load i32, ptr %np
  %a = load ptr, ptr @_QMmEa, align 16
  %alb = load i64, ptr getelementptr inbounds (i8, ptr @_QMmEa, i64 24)
  %b = load ptr, ptr @_QMmEb, align 16
  %blb = load i64, ptr getelementptr inbounds (i8, ptr @_QMmEb, i64 24)
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %i64 = sext i32 %i to i64
  %ob = sub nsw i64 %i64, %blb
  %pb = getelementptr double, ptr %b, i64 %ob
  %v = load double, ptr %pb
  %oa = sub nsw i64 %i64, %alb
  %pa = getelementptr double, ptr %a, i64 %oa
  store double %v, ptr %pa
  %i.next = add i32 %i, 1
  %c = icmp sgt i32 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

define void @_QQmain() {
  %np = alloca i32
  store i32 1000, ptr %np
  %m = call ptr @malloc(i64 8000)
  store ptr %m, ptr @_QMmEa, align 16
  %s = call i32 @_FortranAAllocatableAllocate(ptr @_QMmEb, i1 false, ptr null, ptr @_QQclX, i32 9)
  call void @_QMmPwork(ptr %np)
  ret void
}
