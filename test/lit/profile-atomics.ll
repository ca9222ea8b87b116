; profile-every=N counts atomic read-modify-writes and compare-exchanges (an
; OpenMP `#pragma omp atomic` update) like loads and stores: a block with one
; of each subtracts their 4-byte quanta from the countdown (3: a double's 2, an
; int's 1) and samples their addresses.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-profile-accesses<profile-every=64>' -S < %s | FileCheck %s
source_filename = "atomics.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @update(ptr %x, ptr %flag, i64 %i) {
; CHECK-LABEL: define void @update(
; CHECK:         %px = getelementptr double, ptr %x, i64 %i
; CHECK-NEXT:    %old = atomicrmw fadd ptr %px, double 1.000000e+00 monotonic
; CHECK-NEXT:    %cx = cmpxchg ptr %flag, i32 0, i32 1 seq_cst seq_cst
; CHECK-NEXT:    [[L0:%.*]] = sub i64 {{%.*}}, 3
; CHECK:         [[P1:%.*]] = select i1 {{%.*}}, ptr %px, ptr %flag
; CHECK:         call i64 @__oli_profile_sample4(ptr [[P1]], i64 {{%.*}}, i64 64)
  %px = getelementptr double, ptr %x, i64 %i
  %old = atomicrmw fadd ptr %px, double 1.0 monotonic
  %cx = cmpxchg ptr %flag, i32 0, i32 1 seq_cst seq_cst
  ret void
}
