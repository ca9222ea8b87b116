// A struct constructor returning a malloc'd struct whose arrays it allocates
// and stores into distinct fields (`g->u`, `g->v`): a wrapper, its call in
// main bracketed, but each array is a member of the returned object with an
// identity of its own (OLI_SITE_F_MEMBER 0x80, with HAS_LINE 0x02: i8 -126):
// the runtime keeps their own sites inside the bracket, so each array is
// placed on its own (before, all three objects took main's one site). The
// struct itself is RETURNED (67: and SIZE_KNOWN). The estimate follows the arrays into the
// struct's fields, by the struct type's field key (the struct was recorded
// at the pipeline's start: `oli.struct.result`), and through the returned
// struct into main's sweeps.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=EST
#include <stdlib.h>

typedef struct {
  long n;
  double *u, *v;
} grid_t;

__attribute__((noinline)) grid_t *grid_create(long n) {
  grid_t *g = malloc(sizeof *g);
  if (!g)
    return NULL;
  g->n = n;
  g->u = malloc(n * sizeof(double));
  g->v = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    g->u[i] = 1.0, g->v[i] = 0.0;
  return g;
}

int main(int argc, char **argv) {
  grid_t *g = grid_create(argc > 1 ? atol(argv[1]) : 1 << 20);
  if (!g)
    return 1;
  double s = 0;
  for (int t = 0; t < 10; t++)
    for (long i = 0; i < g->n; i++)
      s += g->v[i] = g->u[i] * 0.5;
  return s > 0;
}

// CHECK-DAG: {{.*}} i8 1, i8 67, {{.*}} i32 21, {{.*}}\00grid_create\00g\00
// CHECK-DAG: {{.*}} i8 1, i8 -126, {{.*}} i32 25, {{.*}}\00grid_create\00g->u\00
// CHECK-DAG: {{.*}} i8 1, i8 -126, {{.*}} i32 26, {{.*}}\00grid_create\00g->v\00
// EST-DAG: remark: site 0x{{[0-9a-f]+}} 'g->u' {{.*}} ({{(9|1[0-3])([.][0-9]*)?}} passes), streaming
// EST-DAG: remark: site 0x{{[0-9a-f]+}} 'g->v' {{.*}} ({{(9|1[0-3])([.][0-9]*)?}} passes), streaming
