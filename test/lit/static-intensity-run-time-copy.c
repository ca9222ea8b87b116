// The same function (`grid_init(&g, n)`, kept out of line: other modules may
// call it) inlined into main, which passes a run-time n read from argv: the
// record has two calls, sized `n * 8` in the function - the field `g->n` it
// stores n into - and in main's own n in the inlined copy. main's loops are
// bounded by its n: they count against the inlined copy's size, each copy's
// counts against its own. They read 17.6 and 11.6 passes, guessed, where the
// run makes 31 and 21 (its profile: the fill, then per step u read twice - the
// vectoriser loads `u[i-1] + u[i] + u[i+1]` as two overlapping vectors - and
// written once, v written and read once).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n;
  double *u, *v;
} grid;

void grid_init(grid *g, long n) {
  g->n = n;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'g->u' {{.*}} ({{(29|3[0-3])([.][0-9]*)?}} passes), streaming
  g->u = malloc(n * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'g->v' {{.*}} ({{(19|2[0-3])([.][0-9]*)?}} passes), streaming
  g->v = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    g->u[i] = (double)(i % 97), g->v[i] = 0.0;
}

static void smooth(grid *g) {
  for (long i = 1; i < g->n - 1; i++)
    g->v[i] = (g->u[i - 1] + g->u[i] + g->u[i + 1]) / 3.0;
}

static void copy_back(grid *g) {
  for (long i = 1; i < g->n - 1; i++)
    g->u[i] = g->v[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1048576;
  grid g;
  grid_init(&g, n);
  for (int t = 0; t < 10; t++) {
    smooth(&g);
    copy_back(&g);
  }
  printf("%g\n", g.u[5]);
  return 0;
}
