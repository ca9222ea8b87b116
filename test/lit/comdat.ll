; A site in a linkonce_odr (C++ inline) function gets its record in the
; function's comdat, so the linker keeps one record with the one kept copy;
; records of ordinary functions are in no comdat.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "inline.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$_Z8make_bufm = comdat any

; CHECK: @__oli_site = private global {{.*}} section "oli_sites", comdat($_Z8make_bufm), align 8
; CHECK: @__oli_site.1 = private global {{.*}} section "oli_sites", align 8

define linkonce_odr ptr @_Z8make_bufm(i64 %n) comdat {
; CHECK-LABEL: define linkonce_odr ptr @_Z8make_bufm(
; CHECK-NEXT:    %p = call ptr @__oli_malloc(i64 %n, ptr @__oli_site)
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

define ptr @_Z2fav(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

declare ptr @malloc(i64)
