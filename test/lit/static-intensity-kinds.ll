; Static access estimate: every heap kind's object is found from the kind's
; vocabulary row (its entry point, and where the object is handed back: the
; result, or posix_memalign's out slot). The same fill of 65536 doubles
; (one store per element, 1 pass, 0.125 accesses per byte of a known 512 KiB)
; over a malloc'd, pvalloc'd, valloc'd, memalign'd, aligned_alloc'd,
; new[]'d and posix_memalign'd (unnamed: '-') array gives each the same estimate.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "kinds.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'a' kinds.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses
; CHECK: oli: site 0x{{[0-9a-f]+}} 'b' kinds.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses
; CHECK: oli: site 0x{{[0-9a-f]+}} 'c' kinds.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses
; CHECK: oli: site 0x{{[0-9a-f]+}} 'd' kinds.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses
; CHECK: oli: site 0x{{[0-9a-f]+}} 'e' kinds.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses
; CHECK: oli: site 0x{{[0-9a-f]+}} 'f' kinds.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses
; CHECK: oli: site 0x{{[0-9a-f]+}} '-' kinds.c: 0.125 accesses/byte (1 passes), streaming (streaming 100%), confidence high, 1 accesses
; CHECK-NOT: no estimate

@a = internal global ptr null
@b = internal global ptr null
@c = internal global ptr null
@d = internal global ptr null
@e = internal global ptr null
@f = internal global ptr null
@g = internal global ptr null

declare noalias ptr @malloc(i64)
declare noalias ptr @pvalloc(i64)
declare noalias ptr @valloc(i64)
declare noalias ptr @memalign(i64, i64)
declare noalias ptr @aligned_alloc(i64, i64)
declare noalias nonnull ptr @_Znam(i64)
declare i32 @posix_memalign(ptr, i64, i64)

define internal void @fill(ptr %p) {
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
  %pa = call ptr @malloc(i64 524288)
  store ptr %pa, ptr @a
  call void @fill(ptr %pa)
  %pb = call ptr @pvalloc(i64 524288)
  store ptr %pb, ptr @b
  call void @fill(ptr %pb)
  %pc = call ptr @valloc(i64 524288)
  store ptr %pc, ptr @c
  call void @fill(ptr %pc)
  %pd = call ptr @memalign(i64 64, i64 524288)
  store ptr %pd, ptr @d
  call void @fill(ptr %pd)
  %pe = call ptr @aligned_alloc(i64 64, i64 524288)
  store ptr %pe, ptr @e
  call void @fill(ptr %pe)
  %pf = call ptr @_Znam(i64 524288)
  store ptr %pf, ptr @f
  call void @fill(ptr %pf)
  %r = call i32 @posix_memalign(ptr @g, i64 64, i64 524288)
  %pg = load ptr, ptr @g
  call void @fill(ptr %pg)
  ret i32 0
}
