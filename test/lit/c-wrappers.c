// C allocation wrappers as real code writes them (xmalloc with a NULL check,
// alloc_2d built on xmalloc): each call of a wrapper from outside gets its
// own site (kind 15) bracketed by enter/leave, at -O0 and at -O2 (where the
// optimiser keeps the brackets around the call).
// RUN: %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O2
#include <stdio.h>
#include <stdlib.h>

void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  return p;
}

double **alloc_2d(size_t n, size_t m) {
  double **rows = xmalloc(n * sizeof *rows);
  rows[0] = xmalloc(n * m * sizeof **rows);
  for (size_t i = 1; i < n; i++)
    rows[i] = rows[0] + i * m;
  return rows;
}

double **a, **b;

void setup(size_t n) {
  a = alloc_2d(n, n);
  b = alloc_2d(n, 2 * n);
}

// The wrappers' own sites are flagged RETURNED (64, with HAS_LINE 2: 66).
// CHECK: @[[XM:__oli_site]] = {{.*}} i8 1, i8 66, {{.*}} i32 11, i32 1, {{.*}}\00xmalloc\00
// CHECK: @[[R1:__oli_site.1]] = {{.*}} i8 15, i8 66, {{.*}} i32 20, i32 1, {{.*}}\00alloc_2d\00
// CHECK: @[[R2:__oli_site.2]] = {{.*}} i8 15, i8 66, {{.*}} i32 21, i32 2, {{.*}}\00alloc_2d\00
// CHECK: @[[A:__oli_site.3]] = {{.*}} i8 15, i8 2, {{.*}} i32 30, i32 1, {{.*}}\00setup\00a\00
// CHECK: @[[B:__oli_site.4]] = {{.*}} i8 15, i8 2, {{.*}} i32 31, i32 2, {{.*}}\00setup\00b\00
// CHECK-LABEL: define {{.*}}@setup(
// CHECK: [[P1:%[0-9a-z.]+]] = call ptr @__oli_site_enter(ptr @[[A]])
// CHECK-NEXT: call ptr @alloc_2d(
// CHECK-NEXT: call void @__oli_site_leave(ptr [[P1]])
// CHECK: [[P2:%[0-9a-z.]+]] = call ptr @__oli_site_enter(ptr @[[B]])
// CHECK-NEXT: call ptr @alloc_2d(
// CHECK-NEXT: call void @__oli_site_leave(ptr [[P2]])
// O2-LABEL: define {{.*}}@setup(
// O2: call ptr @__oli_site_enter(ptr {{(nonnull )?}}@__oli_site.3)
// O2-NEXT: call ptr @alloc_2d(
// O2-NEXT: call void @__oli_site_leave(
// O2: call ptr @__oli_site_enter(ptr {{(nonnull )?}}@__oli_site.4)
