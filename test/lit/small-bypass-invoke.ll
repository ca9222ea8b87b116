; An invoke of operator new gets two invokes, both unwinding to the original
; landing pad (whose phi gains the second edge), and a join block in front
; of the original normal destination (whose phi now comes from the join).
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,oli-small-bypass,verify' -S < %s | FileCheck %s
source_filename = "invoke.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define ptr @_Z1fm(i64 %n) personality ptr @__gxx_personality_v0 {
; CHECK-LABEL: define ptr @_Z1fm(
; CHECK:       alloc:
; CHECK:         br i1 %oli.small, label %oli.small.call, label %oli.site.call
; CHECK:       oli.small.call:
; CHECK-NEXT:    [[P1:%.*]] = invoke noalias nonnull ptr @_Znwm(i64 %n)
; CHECK-NEXT:            to label %oli.join unwind label %lp
; CHECK:       oli.site.call:
; CHECK-NEXT:    [[P2:%.*]] = invoke noalias nonnull ptr @__oli_new(i64 %n, i64 0, ptr @__oli_site)
; CHECK-NEXT:            to label %oli.join unwind label %lp
; CHECK:       oli.join:
; CHECK-NEXT:    %p = phi ptr [ [[P1]], %oli.small.call ], [ [[P2]], %oli.site.call ]
; CHECK-NEXT:    br label %ok
; CHECK:       ok:
; CHECK-NEXT:    %r = phi ptr [ %p, %oli.join ], [ null, %other ]
; CHECK:       lp:
; CHECK-NEXT:    %tag = phi i32 [ 1, %oli.site.call ], [ 2, %other ], [ 1, %oli.small.call ]
; CHECK-NEXT:    landingpad
entry:
  %big = icmp ugt i64 %n, 100
  br i1 %big, label %alloc, label %other
alloc:
  %p = invoke noalias nonnull ptr @_Znwm(i64 %n)
          to label %ok unwind label %lp
other:
  invoke void @_Z1gv()
          to label %ok unwind label %lp
ok:
  %r = phi ptr [ %p, %alloc ], [ null, %other ]
  ret ptr %r
lp:
  %tag = phi i32 [ 1, %alloc ], [ 2, %other ]
  %e = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %e
}

declare ptr @_Znwm(i64)
declare void @_Z1gv()
declare i32 @__gxx_personality_v0(...)
