; nothrow operator new/new[] (plain and aligned) become
; __oli_new_nothrow(size, align, &site), flag NOTHROW (0x04); placement new
; (_ZnwmPv) is not an allocation and is left alone.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "nothrow.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%"struct.std::nothrow_t" = type { i8 }
@_ZSt7nothrow = external global %"struct.std::nothrow_t"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 9, i8 5, i64 {{-?[0-9]+}}, i64 16,
; CHECK: @[[S1:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 10, i8 13, i64 {{-?[0-9]+}}, i64 512,
; CHECK-NOT: @__oli_site.2 =

define void @_Z1fPv(ptr %buf) {
; CHECK-LABEL: define void @_Z1fPv(
; CHECK-NEXT:    %a = call noalias ptr @__oli_new_nothrow(i64 16, i64 0, ptr @[[S0]]) [[EXPR:#[0-9]+]]
; CHECK-NEXT:    %b = call noalias ptr @__oli_new_nothrow(i64 512, i64 32, ptr @[[S1]]) [[CALL:#[0-9]+]]
; CHECK-NEXT:    %c = call ptr @_ZnwmPv(i64 8, ptr %buf)
  %a = call noalias ptr @_ZnwmRKSt9nothrow_t(i64 16, ptr @_ZSt7nothrow) #9
  %b = call noalias ptr @_ZnamSt11align_val_tRKSt9nothrow_t(i64 512, i64 32, ptr @_ZSt7nothrow)
  %c = call ptr @_ZnwmPv(i64 8, ptr %buf)
  ret void
}

declare ptr @_ZnwmRKSt9nothrow_t(i64, ptr)
declare ptr @_ZnamSt11align_val_tRKSt9nothrow_t(i64, i64, ptr)
declare ptr @_ZnwmPv(i64, ptr)
; CHECK: declare noalias noundef ptr @__oli_new_nothrow(i64, i64, ptr noundef nonnull) [[A:#[0-9]+]]
; CHECK-DAG: attributes [[A]] = { nounwind allocsize(0) }
; A new-expression (builtin) may be removed, a direct call may not.
; CHECK-DAG: attributes [[EXPR]] = { allockind("alloc,uninitialized") "alloc-family"="_Znwm" }
; CHECK-DAG: attributes [[CALL]] = { "alloc-family"="_ZnamSt11align_val_t" }
attributes #9 = { builtin }
