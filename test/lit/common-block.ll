; A Fortran COMMON block (`common global [N x i8]`) is registered; its name
; is shown as /name/, and its ID leaves out the file, since every file that
; declares the block defines the same object.
; The expected IDs come from Inputs/site-id.py, written from docs/site-ids.md.
; RUN: python3 %inputs/site-id.py --prefix 'IDS: @__oli_site = {{.*}} i8 12, i8 1, i64 ' "" main_int_mem_ 12 > %t.ids
; RUN: python3 %inputs/site-id.py --prefix 'IDS: @__oli_site.1 = {{.*}} i8 12, i8 1, i64 ' "" __BLNK__ 12 >> %t.ids
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %s
; RUN: opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S < %s | FileCheck %t.ids --check-prefix=IDS
; RUN: sed -e 's/one[.]f90/two.f90/' %s | opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S | FileCheck %t.ids --check-prefix=IDS
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@main_int_mem_ = common global [80000 x i8] zeroinitializer, align 4
@__BLNK__ = common global [131072 x i8] zeroinitializer, align 8
@_QQclX1 = linkonce constant [8 x i8] c"one.f90\00", comdat
$_QQclX1 = comdat any

; CHECK: @[[S0:__oli_site]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 12, i8 1, i64 {{-?[0-9]+}}, i64 80000, {{.*}}\00\00/main_int_mem/\00
; CHECK: @[[S1:__oli_site.1]] = private global { {{.*}} } { i32 827084627, i16 {{[0-9]+}}, i8 12, i8 1, i64 {{-?[0-9]+}}, i64 131072, {{.*}}\00\00//\00
; CHECK-LABEL: define internal void @oli.module_ctor(
; CHECK:         call void @__oli_register_global(ptr @main_int_mem_, i64 80000, ptr @[[S0]])
; CHECK-NEXT:    call void @__oli_register_global(ptr @__BLNK__, i64 131072, ptr @[[S1]])
