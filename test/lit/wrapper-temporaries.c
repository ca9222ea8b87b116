// A function whose every return value is a fresh allocation is an allocation
// wrapper only when what else it allocates is part of what it returns
// (stored into it: make_rows); a function that also makes work arrays of its
// own (solve: r and p, freed before it returns its small stats) is not, so its
// work arrays keep their own sites instead of taking its callers'.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
#include <stdlib.h>

struct stats { double residual; int iterations; };

__attribute__((noinline)) struct stats *solve(size_t n, int iters) {
  double *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p);
  for (size_t i = 0; i < n; i++) r[i] = p[i] = 1.0 / (double)(i + 1);
  double s = 0;
  for (int it = 0; it < iters; it++)
    for (size_t i = 0; i < n; i++) s += r[i] * p[(i * 7) % n];
  free(r);
  free(p);
  struct stats *st = malloc(sizeof *st);
  if (st) st->residual = s, st->iterations = iters;
  return st;
}

__attribute__((noinline)) double **make_rows(size_t n, size_t m) {
  double **rows = malloc(n * sizeof *rows);
  if (!rows) return NULL;
  rows[0] = malloc(n * m * sizeof **rows);
  for (size_t i = 1; i < n; i++) rows[i] = rows[0] + i * m;
  return rows;
}

struct stats *last;
double **grid;

void run(size_t n) {
  grid = make_rows(n, n);
  last = solve(n, 10);
}

// The work arrays: malloc sites of their own (kind 1) in solve, lines 12 and 12.
// CHECK-DAG: @[[R:__oli_site[.0-9]*]] = {{.*}} i8 1, i8 {{[0-9]+}}, {{.*}} i32 12, {{.*}}\00solve\00
// make_rows' calls are bracketed (kind 15), solve's are not.
// CHECK-DAG: @[[G:__oli_site[.0-9]*]] = {{.*}} i8 15, i8 {{[0-9]+}}, {{.*}} i32 36, {{.*}}\00run\00grid\00
// CHECK-NOT: i8 15, i8 {{[0-9]+}}, {{.*}} i32 37,
// CHECK-LABEL: define {{.*}}@run(
// CHECK: call ptr @__oli_site_enter(ptr {{(nonnull )?}}@[[G]])
// CHECK-NEXT: call ptr @make_rows(
// CHECK-NEXT: call void @__oli_site_leave(
// CHECK-NOT: __oli_site_enter
// CHECK: call ptr @solve(
