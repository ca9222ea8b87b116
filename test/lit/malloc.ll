; malloc(n) becomes __oli_malloc(n, &site) with one site record per call, laid
; out as __oli_site_t: magic, size, kind 1, flags, id, size hint, line 0 and
; the ordinal (no debug info), file/function/name strings, then the static
; estimate block (version 1, 16 bytes; empty until the estimate fills it at the
; end of the pipeline).
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "src/alloc.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@table = global ptr null

; CHECK: @[[S0:__oli_site]] = private global { i32, i16, i8, i8, i64, i64, i32, i32, i16, i16, i16, i16, i64, [24 x i8], { i8, i8, i8, i8, i8, [3 x i8], float, float } } { i32 827084627, i16 88, i8 1, i8 1, i64 [[ID0:-?[0-9]+]], i64 4000, i32 0, i32 0, i16 11, i16 4, i16 5, i16 0, i64 0, [24 x i8] c"src/alloc.c\00work\00table\00\00", { i8, i8, i8, i8, i8, [3 x i8], float, float } { i8 1, i8 16, i8 0, i8 0, i8 0, [3 x i8] zeroinitializer, float 0.000000e+00, float 0.000000e+00 } }, section "oli_sites", align 8
; CHECK: @[[S1:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 88, i8 1, i8 0, i64 [[ID1:-?[0-9]+]], i64 0, i32 0, i32 1, i16 11, i16 4, i16 0, i16 0, i64 0, [24 x i8] c"src/alloc.c\00work\00\00\00\00\00\00\00\00", { i8, i8, i8, i8, i8, [3 x i8], float, float } { i8 1, i8 16, i8 0, i8 0, i8 0, [3 x i8] zeroinitializer, float 0.000000e+00, float 0.000000e+00 } }, section "oli_sites", align 8
; CHECK: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @oli.module_ctor, ptr null }]
; CHECK: @llvm.compiler.used = appending global [3 x ptr] [ptr @[[S0]], ptr @[[S1]], ptr @__oli_build_note_{{[0-9a-f]+}}]

define ptr @work(i64 %n) {
; CHECK-LABEL: define ptr @work(
; CHECK-NEXT:    %a = call noalias ptr @__oli_malloc(i64 4000, ptr @[[S0]])
; CHECK-NEXT:    store ptr %a, ptr @table
; CHECK-NEXT:    %b = call noalias ptr @__oli_malloc(i64 %n, ptr @[[S1]])
; CHECK-NEXT:    ret ptr %b
  %a = call noalias ptr @malloc(i64 4000)
  store ptr %a, ptr @table
  %b = call noalias ptr @malloc(i64 %n)
  ret ptr %b
}

declare ptr @malloc(i64)
; CHECK: declare noalias noundef ptr @__oli_malloc(i64, ptr noundef nonnull) [[ATTR:#[0-9]+]]
; CHECK: attributes [[ATTR]] = { nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" }
