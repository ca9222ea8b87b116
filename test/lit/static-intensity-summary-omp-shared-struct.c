// A kernel whose loop is a parallel region over a field of the struct it is
// given: `g->a[i]` inside `#pragma omp parallel for`, main.c calling the
// kernel 10 times, grid.c allocating g->a and writing it once. The region
// reads `g` through its shared variable, then `g->a`: the kernel's
// parameter is known as a grid_t from the region's loads (StructParams),
// its field a key, and the region's accesses count per call: 1 + 10 x 2 =
// 21 passes, high. Before: 1 (the region's loads of the field unseen).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -fopenmp -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/struct-kernel-grid.c -o grid.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/struct-kernel-main.c -o main.o
// RUN: %clang -fopenmp kern.o grid.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: struct-kernel-grid.c:8 grid_init g->a ? {{[0-9.]+}} 21 streaming high
typedef struct {
  long n;
  double *a;
} grid_t;

void kernel(grid_t *g) {
#pragma omp parallel for
  for (long i = 0; i < g->n; i++)
    g->a[i] = 0.5 * g->a[i] + 1.0;
}
