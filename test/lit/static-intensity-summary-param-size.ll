; Access summaries, an object's size in the parameters of the function it is
; passed to: main allocates n doubles (n from a call) and passes n with the
; object to kern in another module; the edge gives the size in kern's
; parameter (kern#1 at its sample point, 8 bytes each), so the join counts
; kern's loops over its n exactly. A kernel other modules call writes its
; USE at the sample point of its own parameter (sweep#1: 8 bytes per element,
; one pass per call).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "param-size.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; (every parameter samples at 2047: kern#1's size 16376 bytes; sweep#1: 2047
; stores of 8 bytes, one pass)
; CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> kern#0 x10, size 1.638e+04 at the sample point of kern#1{{$}}
; CHECK: oli: summary use sweep#0: {{.*}}; at the sample point of sweep#1: streaming 0/byte+2047, passes 0/byte+1.638e+04 bytes

declare noalias ptr @malloc(i64)
declare i64 @getn()
declare void @kern(ptr, i64)

define void @sweep(ptr %p, i64 %n) {
entry:
  %some = icmp sgt i64 %n, 0
  br i1 %some, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds double, ptr %p, i64 %i
  store double 1.0, ptr %q
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define i32 @main() {
entry:
  %n = call i64 @getn()
  %bytes = shl i64 %n, 3
  %x = call ptr @malloc(i64 %bytes)
  br label %steps
steps:
  %s = phi i32 [ 0, %entry ], [ %s.next, %steps ]
  call void @kern(ptr %x, i64 %n)
  %s.next = add nuw nsw i32 %s, 1
  %more = icmp ult i32 %s.next, 10
  br i1 %more, label %steps, label %done
done:
  ret i32 0
}
