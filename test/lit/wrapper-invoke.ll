; An invoked allocation wrapper leaves its site on both edges: the normal
; destination and the landing pad (split off when shared with another invoke).
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
source_filename = "wrap.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr @_Z4makem(i64 %n) {
  %p = call ptr @_Znam(i64 %n)
  ret ptr %p
}

define void @_Z3usev() personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define void @_Z3usev(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %oli.prev = call ptr @__oli_site_enter(ptr @__oli_site.1)
; CHECK-NEXT:    %a = invoke ptr @_Z4makem(i64 8)
; CHECK-NEXT:            to label %[[OK:.*]] unwind label %[[LP:.*]]
; CHECK:       [[OK]]:
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev)
; CHECK:       [[LP]]:
; CHECK-NEXT:    landingpad
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__oli_site_leave(ptr %oli.prev)
entry:
  %a = invoke ptr @_Z4makem(i64 8)
          to label %next unwind label %lp
next:
  call void @_Z1gv()
  invoke void @_Z1gv()
          to label %done unwind label %lp
done:
  ret void
lp:
  %e = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %e
}

declare void @_Z1gv()
declare ptr @_Znam(i64)
declare i32 @__gxx_personality_v0(...)
