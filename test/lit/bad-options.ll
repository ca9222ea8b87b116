; Bad options give one clear error naming the option and what is accepted,
; and a non-zero exit, never a crash: unknown keys, bad numbers, bad
; booleans, in pass parameters and in OLI_PASS_OPTIONS.
; RUN: not opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<colour=red>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<min-global-size=lots>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=NUMBER
; RUN: not opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<min-heap-size=99999999999999999999>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=OVERFLOW
; RUN: not opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<wrappers=maybe>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=BOOL
; RUN: env OLI_PASS_OPTIONS='root=/;min-global-size=1Q' not opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -disable-output < %s 2>&1 | FileCheck %s --check-prefix=ENV
; RUN: not opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -oli-min-global-size=abc -disable-output < %s 2>&1 | FileCheck %s --check-prefix=CLOPT
; RUN: not opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<root>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=NOVALUE
; RUN: not opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -oli-root=%t.no-such-dir -disable-output < %s 2>&1 | FileCheck %s --check-prefix=CLROOT
; RUN: not opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites<root=%t.no-such-dir>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=PARAMROOT
source_filename = "x.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define void @f() {
  ret void
}
; UNKNOWN: error: oli: unknown option 'colour' in oli-tag-sites<...>; accepted: root=PATH, min-global-size=SIZE, min-heap-size=SIZE, version-check=0|1, wrappers=0|1, extern-wrappers=0|1, containers=0|1, globals=0|1, small-bypass=0|1, profile-every=N
; NUMBER: error: oli: option 'min-global-size=lots' in oli-tag-sites<...>: expected a size (bytes, or a number with K, M, G, T, P: e.g. 64K, 1.5M)
; OVERFLOW: error: oli: option 'min-heap-size=99999999999999999999' in oli-tag-sites<...>: expected a size
; BOOL: error: oli: option 'wrappers=maybe' in oli-tag-sites<...>: expected 0, 1, true or false
; ENV: error: oli: option 'min-global-size=1Q' in OLI_PASS_OPTIONS: expected a size
; CLOPT: oli-min-global-size option: 'abc' value invalid for {{.*}} argument!
; NOVALUE: error: oli: option 'root' in oli-tag-sites<...>: expected key=value
; UNKNOWN-NOT: Stack dump
; CLROOT: error: oli: option '-oli-root={{.*}}.no-such-dir': expected an existing directory
; PARAMROOT: error: oli: option 'root={{.*}}.no-such-dir' in oli-tag-sites<...>: expected an existing directory
