; A musttail call is never bracketed, neither a wrapper's nor one into
; allocating library code: nothing may come between it and the return (a
; leave there fails the verifier), so the callee's own sites keep its objects.
; Plain calls of both are bracketed.
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "musttail.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare ptr @malloc(i64)

; std::__make(unsigned long): returns what it allocates (a wrapper)
define linkonce_odr ptr @_ZSt6__makem(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; std::__fill(double**, unsigned long): library code that allocates into its argument
define linkonce_odr void @_ZSt6__fillPPdm(ptr %out, i64 %n) {
  %p = call ptr @malloc(i64 %n)
  store ptr %p, ptr %out
  ret void
}

define ptr @tail_wrapper(i64 %n) {
; CHECK-LABEL: define ptr @tail_wrapper(
; CHECK-NEXT:    %p = musttail call ptr @_ZSt6__makem(i64 %n)
; CHECK-NEXT:    ret ptr %p
  %p = musttail call ptr @_ZSt6__makem(i64 %n)
  ret ptr %p
}

define void @tail_library(ptr %out, i64 %n) {
; CHECK-LABEL: define void @tail_library(
; CHECK-NEXT:    musttail call void @_ZSt6__fillPPdm(ptr %out, i64 %n)
; CHECK-NEXT:    ret void
  musttail call void @_ZSt6__fillPPdm(ptr %out, i64 %n)
  ret void
}

define ptr @plain(ptr %out, i64 %n) {
; CHECK-LABEL: define ptr @plain(
; CHECK:         call ptr @__oli_site_enter(
; CHECK-NEXT:    %p = call ptr @_ZSt6__makem(i64 %n)
; CHECK-NEXT:    call void @__oli_site_leave(
; CHECK:         call ptr @__oli_site_enter(
; CHECK-NEXT:    call void @_ZSt6__fillPPdm(ptr %out, i64 %n)
; CHECK-NEXT:    call void @__oli_site_leave(
  %p = call ptr @_ZSt6__makem(i64 %n)
  call void @_ZSt6__fillPPdm(ptr %out, i64 %n)
  ret ptr %p
}
