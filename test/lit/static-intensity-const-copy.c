// A function that allocates for its caller (`grid_init(&g, n)`), kept out of
// line (other modules may call it) and inlined into main, which passes a
// constant n: the record has two calls, of size `n * 8` in the function and
// 8388608 in main, which disagree, so the object has no size at the sample
// point. main's loops have constant trips, counted as numbers: they are
// divided by the inlined copy's constant size, not a nominal 1 MiB (which
// read 168 passes, `high`, where the run makes 21: the fill and 10 sweeps
// reading and writing u).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n;
  double *u;
} grid;

void grid_init(grid *g, long n) {
  g->n = n;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'g->u' {{.*}} ({{20[.][5-9][0-9]*|21([.][0-4][0-9]*)?}} passes), streaming
  g->u = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    g->u[i] = 1.0;
}

static void sweep(grid *g) {
  for (long i = 0; i < g->n; i++)
    g->u[i] += 1.0;
}

int main(void) {
  grid g;
  grid_init(&g, 1048576);
  for (int t = 0; t < 10; t++)
    sweep(&g);
  printf("%g\n", g.u[5]);
  return 0;
}
