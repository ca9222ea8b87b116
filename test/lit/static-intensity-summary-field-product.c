// An element count kept in a field as a product of two others: grid.c
// stores g->nx, g->ny and g->n = nx * ny and allocates u and v of n
// doubles; here flat() sweeps v over g->n and nest() sweeps u over g->ny
// and g->nx, each called 10 times by main.c. The site's size is
// 8 * g->nx * g->ny in shared symbols; its edges also give it as 8 * g->n
// (an edge of weight 0), so the flat loop meets the size as the nest does:
// 1 + 10 x 2 = 21 passes each, high. Before: v 16.6, medium (the flat
// loop guessed).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/field-product-grid.c -o grid.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/field-product-main.c -o main.o
// RUN: %clang kern.o grid.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK-DAG: field-product-grid.c:9 grid_init g->u ? {{[0-9.]+}} 21 streaming high
// CHECK-DAG: field-product-grid.c:10 grid_init g->v ? {{[0-9.]+}} 21 streaming high
typedef struct {
  long nx, ny, n;
  double *u, *v;
} grid_t;

void flat(grid_t *g) {
  for (long i = 0; i < g->n; i++)
    g->v[i] = 0.5 * g->v[i] + 1.0;
}

void nest(grid_t *g) {
  for (long j = 0; j < g->ny; j++)
    for (long i = 0; i < g->nx; i++)
      g->u[j * g->nx + i] = 0.5 * g->u[j * g->nx + i] + 1.0;
}
