; Every use of free, malloc_usable_size and C++ operator delete (the
; OLI_RELEASE rows of include/oli_vocab.def) becomes its __oli_* entry point
; of the same type - calls, invokes and the address taken alike - so the
; runtime takes its objects back whatever allocator the process has. Also in
; a module with no allocation site of its own (it is tagged then, with no
; constructor); a module that defines the function keeps its calls.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
; RUN: sed 's/^declare void @_ZdlPv(ptr)/define void @_ZdlPv(ptr %%p) { ret void }/' %s | opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S | FileCheck %s --check-prefix=DEFINED
source_filename = "release.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @dtor = global ptr @__oli_free
@dtor = global ptr @free

; CHECK-NOT: @llvm.global_ctors
define i64 @release(ptr %p, ptr %q, ptr %r, ptr %s) {
; CHECK-LABEL: define i64 @release(
; CHECK-NEXT:    %n = call i64 @__oli_malloc_usable_size(ptr %p)
; CHECK-NEXT:    call void @__oli_free(ptr %p)
; CHECK-NEXT:    call void @__oli_delete(ptr %q)
; CHECK-NEXT:    call void @__oli_delete_sized(ptr %q, i64 8)
; CHECK-NEXT:    call void @__oli_delete_array_aligned(ptr %r, i64 64)
; CHECK-NEXT:    call void @__oli_delete_sized_aligned(ptr %s, i64 64, i64 64)
; DEFINED-LABEL: define i64 @release(
; DEFINED:         call void @_ZdlPv(ptr %q)
; DEFINED-NEXT:    call void @__oli_delete_sized(ptr %q, i64 8)
  %n = call i64 @malloc_usable_size(ptr %p)
  call void @free(ptr %p)
  call void @_ZdlPv(ptr %q)
  call void @_ZdlPvm(ptr %q, i64 8)
  call void @_ZdaPvSt11align_val_t(ptr %r, i64 64)
  call void @_ZdlPvmSt11align_val_t(ptr %s, i64 64, i64 64)
  ret i64 %n
}

; CHECK: declare void @__oli_free(ptr allocptr) #[[FREE:[0-9]+]]
; CHECK: declare void @__oli_delete(ptr allocptr) #[[DELETE:[0-9]+]]
; CHECK: declare void @__oli_delete_array_aligned(ptr allocptr, i64) #[[ARRAY:[0-9]+]]
; CHECK-NOT: declare void @free(
; CHECK-NOT: declare void @_ZdlPv(
declare i64 @malloc_usable_size(ptr)
declare void @free(ptr)
declare void @_ZdlPv(ptr)
declare void @_ZdlPvm(ptr, i64)
declare void @_ZdaPvSt11align_val_t(ptr, i64)
declare void @_ZdlPvmSt11align_val_t(ptr, i64, i64)

; CHECK: attributes #[[FREE]] = { nounwind allockind("free") "alloc-family"="malloc" }
; CHECK: attributes #[[DELETE]] = { nounwind allockind("free") "alloc-family"="_Znwm" }
; CHECK: attributes #[[ARRAY]] = { nounwind allockind("free") "alloc-family"="_Znam" }
; CHECK: !{i32 7, !"oli.tagged", i32 1}
