; A heap object handed to a function outside the module (its accesses are
; not seen here) reaches that function's parameter key: flagged "keyed", with
; confidence low, or no estimate at all when nothing else is seen, until the
; join with the other modules' summaries (oli sites, the runtime) completes
; it; free() and the runtime's own entry points are neither.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'seen' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence low, 1 accesses, keyed{{$}}
; CHECK: oli: site 0x{{[0-9a-f]+}} 'unseen' si.c: no estimate (keyed: other modules' summaries complete it)
; CHECK: oli: site 0x{{[0-9a-f]+}} 'freed' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence high, 1 accesses{{$}}
@seen = internal global ptr null
@unseen = internal global ptr null
@freed = internal global ptr null

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @consume(ptr, i64)

define internal void @fill(ptr %b, i64 %n) {
entry:
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
  %n = sext i32 %argc to i64
  %bytes = shl i64 %n, 3
  %a = call ptr @malloc(i64 %bytes)
  store ptr %a, ptr @seen
  call void @fill(ptr %a, i64 %n)
  call void @consume(ptr %a, i64 %n)
  %b = call ptr @malloc(i64 %bytes)
  store ptr %b, ptr @unseen
  call void @consume(ptr %b, i64 %n)
  %c = call ptr @malloc(i64 %bytes)
  store ptr %c, ptr @freed
  call void @fill(ptr %c, i64 %n)
  call void @free(ptr %c)
  ret i32 0
}
