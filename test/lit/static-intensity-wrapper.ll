; An object allocated through a wrapper belongs to the wrapper call's record
; (the bracket), as in the runtime: its accesses count there, not for the
; malloc inside the wrapper, whether the wrapper is called or inlined into
; the bracket. Called, the wrapper hides the size (n * 8) from the bracket:
; the loop over n is taken to cover the object (guessed); inlined, the size
; and the loop's trip count are in the same n, so the pass count is exact.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s --check-prefixes=CHECK,CALLED
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,inline,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s --check-prefixes=CHECK,INLINED
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} '-' si.c: {{0 accesses/byte \(0 passes\), none, confidence high, 0 accesses|no estimate}}
; CALLED: oli: site 0x{{[0-9a-f]+}} 'w' si.c: 0.125 accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence medium, 1 accesses, guessed trip counts
; INLINED: oli: site 0x{{[0-9a-f]+}} 'w' si.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses{{$}}
@w = internal global ptr null

declare ptr @malloc(i64)

define internal ptr @xmalloc(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %n = sext i32 %argc to i64
  %bytes = shl i64 %n, 3
  %a = call ptr @xmalloc(i64 %bytes)
  store ptr %a, ptr @w
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds double, ptr %a, i64 %i
  store double 0.0, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret i32 0
}
