// The scalar loop a vectorised stencil falls back to (the arrays' overlap
// check) and finishes the rest in, unrolled by two: its second counter is the first's value plus one
// from the latch and starts one below it (`j = k + 1`, k stepping 2, both
// entering from phis of the vector loop's exit), a phi ScalarEvolution
// leaves unknown. The row's accesses through it read as an index from data
// ("rows chosen by data": gather, and a gather of unknown count) and the
// -O3 estimate 36 passes of 31. It is now the induction {start, +, 2}:
// streaming, 31 at -O3 (20 steps, the arrays taking turns: 20 * 3 / 2 + 1).
// At -O2 the overlap check's two pointers are loaded from two fields of the
// struct grid_create returned: distinct objects, as a parameter's or a
// global's slots were, so the check goes to the vector loop; with its even
// odds the fallback loop counted half the steps as guessed sweeps: 19-20
// passes, now 31.
// RUN: %clang -O3 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'g->u' {{.*}} ({{(2[7-9]|3[0-4])([.][0-9]*)?}} passes), streaming (streaming 100%)
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n;
  double *u, *unew;
} grid_t;

__attribute__((noinline)) grid_t *grid_create(long n) {
  grid_t *g = malloc(sizeof *g);
  g->n = n;
  g->u = malloc(n * sizeof(double));
  g->unew = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    g->u[i] = (double)(i % 5), g->unew[i] = 0;
  return g;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  grid_t *g = grid_create(atol(argv[1]));
  for (int t = 0; t < 20; t++) {
    for (long k = 1; k + 1 < g->n; k++)
      g->unew[k] = 0.5 * (g->u[k - 1] + g->u[k + 1]);
    double *s = g->u;
    g->u = g->unew;
    g->unew = s;
  }
  printf("%g\n", g->u[g->n / 2]);
  return 0;
}
