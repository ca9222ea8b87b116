; Functions the optimiser leaves alone (optnone: -O0) are not analysed: their
; accesses go through stack slots SCEV cannot see through. A site whose uses
; are all there gets no estimate.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,print<oli-static-intensity>' -disable-output < %s 2>&1 | FileCheck %s
source_filename = "si.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: oli: site 0x{{[0-9a-f]+}} 'g' si.c: no estimate (used in code that is not optimised)
@g = internal global [65536 x double] zeroinitializer

define i32 @main() noinline optnone {
entry:
  %i.addr = alloca i64
  store i64 0, ptr %i.addr
  br label %loop
loop:
  %i = load i64, ptr %i.addr
  %p = getelementptr inbounds [65536 x double], ptr @g, i64 0, i64 %i
  store double 1.0, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  store i64 %i.next, ptr %i.addr
  %c = icmp eq i64 %i.next, 65536
  br i1 %c, label %exit, label %loop
exit:
  ret i32 0
}
