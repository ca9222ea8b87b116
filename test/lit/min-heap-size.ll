; With min-heap-size, allocations whose size folds to a constant below it are
; left alone (they cannot be worth placing); unknown sizes are always tagged.
; The default, 0, tags every site.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<min-heap-size=4K>' -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s --check-prefix=ALL
source_filename = "small.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @f(i64 %n) {
; CHECK-LABEL: define void @f(
; CHECK-NEXT:    %tiny = call ptr @malloc(i64 16)
; CHECK-NEXT:    %big = call ptr @__oli_malloc(i64 4096, ptr @__oli_site)
; CHECK-NEXT:    %any = call ptr @__oli_malloc(i64 %n, ptr @__oli_site.1)
; ALL-LABEL: define void @f(
; ALL-NEXT:    %tiny = call ptr @__oli_malloc(i64 16,
  %tiny = call ptr @malloc(i64 16)
  %big = call ptr @malloc(i64 4096)
  %any = call ptr @malloc(i64 %n)
  ret void
}

declare ptr @malloc(i64)
