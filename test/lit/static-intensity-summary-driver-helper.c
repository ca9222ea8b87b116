// A kernel with no loop of its own that hands a field of the struct it is
// given to a helper of its file: kernel(g) calls relax(g->a, g->n), main.c
// calls kernel 10 times, grid.c allocates g->a and writes it once. kernel's
// parameter is a key (it calls a function that sweeps), and the helper's
// accesses count per call of kernel, the root they run under: 1 + 10 x 2 =
// 21 passes, high. Before: 1 (kernel no key: relax's sweeps unseen), and
// with the key alone 3 (the helper's accesses once per run).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/struct-kernel-grid.c -o grid.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/struct-kernel-main.c -o main.o
// RUN: %clang kern.o grid.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: struct-kernel-grid.c:8 grid_init g->a ? {{[0-9.]+}} 21 streaming high
typedef struct {
  long n;
  double *a;
} grid_t;

static __attribute__((noinline)) void relax(double *x, long n) {
  for (long i = 0; i < n; i++)
    x[i] = 0.5 * x[i] + 1.0;
}

void kernel(grid_t *g) { relax(g->a, g->n); }
