; Access summaries, a length passed on: solve (a driver whose time loop the
; optimiser unrolled, so it has no loop left) hands its parameter's object to
; relax in another module three times with its own length; its parameter is a key
; all the same, and the edge from it to relax's says which of relax's
; parameters are its own (relax#1=solve#1), so the join carries the object's
; size in solve's parameters on to relax's loops.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "chain.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: summary use solve#0: none, passes 0/byte+0 bytes, 0 accesses
; CHECK: oli: summary edge solve#0 -> relax#0 x3, parameters relax#1=solve#1{{$}}

declare void @relax(ptr, i64)

define void @solve(ptr %a, i64 %n) {
entry:
  call void @relax(ptr %a, i64 %n)
  call void @relax(ptr %a, i64 %n)
  call void @relax(ptr %a, i64 %n)
  ret void
}
