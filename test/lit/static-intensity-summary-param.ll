; Access summaries, parameter keys: a function other modules can call writes
; a USE of each pointer parameter (per call: kern sweeps 65536 doubles of
; p once, 524288 bytes moved, known), and an object handed to a function of
; another module is an EDGE from its site to that parameter's key, weighted
; by the calls (10 per run), not an escape: the site is "keyed".
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
; RUN: env OLI_PASS_OPTIONS=summaries=0 opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OFF
source_filename = "param.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x[[ID:[0-9a-f]+]] '-' param.c: no estimate (keyed: other modules' summaries complete it)
; CHECK: oli: summary edge 0x[[ID]] -> ext#0 x10
; CHECK: oli: summary use kern#0: streaming 0/byte+6.554e+04, passes 0/byte+5.243e+05 bytes, 1 accesses
; CHECK-NOT: oli: summary use main
; OFF: oli: site 0x{{[0-9a-f]+}} '-' param.c: no estimate (escapes)
; OFF-NOT: oli: summary

declare noalias ptr @malloc(i64)
declare void @ext(ptr)

define void @kern(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  store double 1.0, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 65536
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define i32 @main() {
entry:
  %x = call ptr @malloc(i64 524288)
  br label %steps
steps:
  %t = phi i32 [ 0, %entry ], [ %t.next, %steps ]
  call void @ext(ptr %x)
  %t.next = add nuw nsw i32 %t, 1
  %c = icmp eq i32 %t.next, 10
  br i1 %c, label %exit, label %steps
exit:
  ret i32 0
}
