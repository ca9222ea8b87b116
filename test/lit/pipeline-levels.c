// clang -fpass-plugin runs the pass at pipeline start at every -O level,
// -O0 included, before the optimiser can fold or drop the calls.
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O1 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -Os -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -Oz -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -flto=thin -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
#include <stdlib.h>
#include <string.h>

// Both functions are wrappers: their sites flagged RETURNED (64).
// CHECK: @__oli_site = private global {{.*}} i8 1, i8 64, {{.*}}pipeline-levels.c\00zeroed\00{{.*}} section "oli_sites", align 8
// CHECK: @__oli_site.1 = private global {{.*}} i8 2, i8 64, {{.*}}pipeline-levels.c\00pair\00{{.*}} section "oli_sites", align 8
// CHECK-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @oli.module_ctor, ptr null }]
// CHECK-LABEL: @zeroed(
// malloc+memset would become calloc later in the pipeline; the site was
// tagged first, as the source wrote it (kind 1, malloc).
// CHECK: call {{.*}}ptr @__oli_malloc(
double *zeroed(size_t n) {
  double *p = malloc(n * sizeof *p);
  memset(p, 0, n * sizeof *p);
  return p;
}

// CHECK-LABEL: @pair(
// CHECK: call {{.*}}ptr @__oli_calloc(
// CHECK-LABEL: define internal void @oli.module_ctor(
// CHECK-NEXT: call void @__oli_register_summaries(
// CHECK-NEXT: call void @__oli_init(
double *pair(size_t n) { return calloc(n, sizeof(double)); }
