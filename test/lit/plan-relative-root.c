// A relative plan=FILE is found against root= (a recursive make compiles in
// subdirectories: MG/ of an NPB tree while the plan is at the top), and
// against the compile directory when there is no root=; the error names the
// path it tried.
// RUN: rm -rf %t && mkdir -p %t/top/sub && cp %S/Inputs/plan-one.json %t/top/k.plan.json && cp %s %t/top/sub/k.c
// RUN: cd %t/top/sub && env OLI_PASS_OPTIONS='root=%t/top;plan=k.plan.json' %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm k.c -o - | FileCheck %s
// RUN: cd %t/top/sub && env OLI_PASS_OPTIONS='root=..;plan=k.plan.json' %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm k.c -o - | FileCheck %s
// RUN: cd %t/top/sub && env OLI_PASS_OPTIONS='plan=k.plan.json' not %clang -O2 -fpass-plugin=%oli_pass -c k.c -o k.o 2>&1 | FileCheck %s --check-prefix=NOROOT
// RUN: cd %t/top && env OLI_PASS_OPTIONS='plan=k.plan.json' %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm sub/k.c -o - | FileCheck %s
// RUN: cd %t/top/sub && env OLI_PASS_OPTIONS='root=%t;plan=k.plan.json' not %clang -O2 -fpass-plugin=%oli_pass -c k.c -o k.o 2>&1 | FileCheck %s --check-prefix=WRONGROOT
// CHECK: @__oli_plan_text_{{[0-9a-f]+}} = linkonce_odr hidden constant
// CHECK-LABEL: define internal void @oli.module_ctor()
// CHECK: call void @__oli_plan_embedded(
// NOROOT: error: oli: plan=k.plan.json: cannot open: No such file or directory
// WRONGROOT: error: oli: plan=k.plan.json ({{.*}}/k.plan.json, relative to root=): cannot open: No such file or directory
#include <stdlib.h>
double *f(void) { return malloc(1 << 20); }
