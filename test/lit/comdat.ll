; A site in a linkonce_odr (C++ inline) function gets a hidden linkonce_odr
; record named by its ID in a comdat of its own: code inlined from the function
; into other functions refers to it by name, so the linker keeps one record and
; every file's reference resolves to it (a private record in the function's
; comdat was discarded with that file's copy while its inlined uses remained:
; e2e/cxx-inline-sites). Records of ordinary functions are private, in no comdat.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "inline.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$_Z8make_bufm = comdat any

; CHECK: $__oli_site.[[ID:[0-9a-f]{16}]] = comdat any
; CHECK: @__oli_site.[[ID]] = linkonce_odr hidden global {{.*}} section "oli_sites", comdat, align 8
; CHECK: @__oli_site = private global {{.*}} section "oli_sites", align 8

define linkonce_odr ptr @_Z8make_bufm(i64 %n) comdat {
; CHECK-LABEL: define linkonce_odr ptr @_Z8make_bufm(
; CHECK-NEXT:    %p = call ptr @__oli_malloc(i64 %n, ptr @__oli_site.[[ID]])
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

define ptr @_Z2fav(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

declare ptr @malloc(i64)
