; Throwing operator new and new[] (plain and align_val_t) become
; __oli_new(size, align, &site); align 0 means the default. Kind 9 for new,
; 10 for new[]; the alloc-family of the original goes on the call, and so
; does allockind for a new-expression's (builtin) call only: a direct call of
; ::operator new may not be removed (C++14 [expr.new]/10), it must throw.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "new.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 9, i8 1, i64 {{-?[0-9]+}}, i64 24,
; CHECK: @[[S1:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 10, i8 1, i64 {{-?[0-9]+}}, i64 4000,
; CHECK: @[[S2:__oli_site.2]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 9, i8 9, i64 {{-?[0-9]+}}, i64 64,
; CHECK: @[[S3:__oli_site.3]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 10, i8 9, i64 {{-?[0-9]+}}, i64 640,

define void @_Z1fv() {
; CHECK-LABEL: define void @_Z1fv(
; CHECK-NEXT:    %a = call noalias noundef nonnull ptr @__oli_new(i64 noundef 24, i64 0, ptr @[[S0]]) [[NEW:#[0-9]+]]
; CHECK-NEXT:    %b = call noalias noundef nonnull ptr @__oli_new(i64 noundef 4000, i64 0, ptr @[[S1]]) [[NEWA:#[0-9]+]]
; CHECK-NEXT:    %c = call noalias noundef nonnull align 64 ptr @__oli_new(i64 noundef 64, i64 noundef 64, ptr @[[S2]]) [[NEWAL:#[0-9]+]]
; CHECK-NEXT:    %d = call noalias noundef nonnull align 64 ptr @__oli_new(i64 noundef 640, i64 noundef 64, ptr @[[S3]]) [[NEWAAL:#[0-9]+]]
; CHECK-NEXT:    %e = call noalias noundef nonnull ptr @__oli_new(i64 noundef 8, i64 0, ptr @{{.*}}) [[DIRECT:#[0-9]+]]
  %a = call noalias noundef nonnull ptr @_Znwm(i64 noundef 24) #1
  %b = call noalias noundef nonnull ptr @_Znam(i64 noundef 4000) #1
  %c = call noalias noundef nonnull align 64 ptr @_ZnwmSt11align_val_t(i64 noundef 64, i64 noundef 64) #1
  %d = call noalias noundef nonnull align 64 ptr @_ZnamSt11align_val_t(i64 noundef 640, i64 noundef 64) #1
  %e = call noalias noundef nonnull ptr @_Znwm(i64 noundef 8) #2
  ret void
}

declare ptr @_Znwm(i64)
declare ptr @_Znam(i64)
declare ptr @_ZnwmSt11align_val_t(i64, i64)
declare ptr @_ZnamSt11align_val_t(i64, i64)
attributes #1 = { builtin allocsize(0) }
attributes #2 = { allocsize(0) }

; CHECK: declare noalias noundef nonnull ptr @__oli_new(i64, i64, ptr noundef nonnull) [[DECL:#[0-9]+]]
; CHECK-DAG: attributes [[DECL]] = { allocsize(0) }
; CHECK-DAG: attributes [[NEW]] = { allockind("alloc,uninitialized") "alloc-family"="_Znwm" }
; CHECK-DAG: attributes [[NEWA]] = { allockind("alloc,uninitialized") "alloc-family"="_Znam" }
; CHECK-DAG: attributes [[NEWAL]] = { allockind("alloc,uninitialized") "alloc-family"="_ZnwmSt11align_val_t" }
; CHECK-DAG: attributes [[NEWAAL]] = { allockind("alloc,uninitialized") "alloc-family"="_ZnamSt11align_val_t" }
; CHECK-DAG: attributes [[DIRECT]] = { "alloc-family"="_Znwm" }
