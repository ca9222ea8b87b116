; Sizes in pass options are the grammar the runtime and the CLI read
; (common/size.c): a fraction and an iB/B suffix are accepted, so
; min-global-size=0.75M (786432 bytes) registers the 800000-byte global and
; not the 80000-byte one, and min-global-size=64KiB is 64 KiB.
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<min-global-size=0.75M>' -S < %s | FileCheck %s --check-prefix=FRACTION
; RUN: opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<min-global-size=64KiB>' -S < %s | FileCheck %s --check-prefix=KIB
; RUN: env OLI_PASS_OPTIONS='min-global-size=1.5P' opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s --check-prefix=PETA
source_filename = "g.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@big = global [100000 x double] zeroinitializer, align 16
@mid = global [10000 x double] zeroinitializer, align 16

; FRACTION-LABEL: define internal void @oli.module_ctor(
; FRACTION: call void @__oli_register_global(ptr @big, i64 800000,
; FRACTION-NOT: @mid
; KIB-LABEL: define internal void @oli.module_ctor(
; KIB: call void @__oli_register_global(ptr @big, i64 800000,
; KIB-NEXT: call void @__oli_register_global(ptr @mid, i64 80000,
; PETA-NOT: @oli.module_ctor
