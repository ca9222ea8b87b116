; operator delete(p, ...) in a tagged, position-independent module gets the
; inline placed-memory test free() gets (free-bypass.ll): the runtime's entry
; point for p in [__oli_arena_lo, +__oli_arena_len), the C++ runtime's own
; form, with the same operands, for anything else.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass' -S < %s | FileCheck %s
source_filename = "delete.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @release(ptr %p) {
; CHECK-LABEL: define void @release(
; CHECK:         %oli.placed = icmp ult i64 {{%.*}}, %oli.arena.len
; CHECK-NEXT:    %oli.free = select i1 %oli.placed, ptr @__oli_delete_sized, ptr @_ZdlPvm
; CHECK-NEXT:    call void %oli.free(ptr %p, i64 24)
  call void @_ZdlPvm(ptr %p, i64 24)
  ret void
}

declare void @_ZdlPvm(ptr, i64)

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"PIC Level", i32 2}
