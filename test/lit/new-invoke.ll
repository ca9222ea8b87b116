; An invoke of operator new stays an invoke with the same normal and unwind
; destinations, and its record has flag INVOKE (0x10).
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "invoke.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 9, i8 81, i64 {{-?[0-9]+}}, i64 40,

define ptr @_Z1fv() personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define ptr @_Z1fv(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %p = invoke noalias nonnull ptr @__oli_new(i64 40, i64 0, ptr @[[S0]])
; CHECK-NEXT:            to label %ok unwind label %lp
entry:
  %p = invoke noalias nonnull ptr @_Znwm(i64 40)
          to label %ok unwind label %lp
ok:
  ret ptr %p
lp:
  %e = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %e
}

declare ptr @_Znwm(i64)
declare i32 @__gxx_personality_v0(...)
