// A time step's swap of two arrays through the fields of a struct another
// function made and returned (`g = grid_create(n)`, the step loop inlined
// into main, the fields reloaded each step): the slots are the returned
// struct's, held for the whole run (absolute states), where a parameter's or
// a local's swapped slots were already counted half per array. Each array is
// each field half the 20 steps: a step reads u twice and writes unew once
// per element, so each array 20 * 3 / 2 = 30 passes and its filling 1: 31
// (61 each with the swap not seen: both arrays all the steps of both fields;
// the three-file build's join halves the two keys alike). At -O2 the fields
// live in two phis that take turns (a rotation, counted so before).
// RUN: %clang -O1 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'g->u' {{.*}} ({{(2[6-9]|3[0-6])([.][0-9]*)?}} passes)
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'g->unew' {{.*}} ({{(2[6-9]|3[0-6])([.][0-9]*)?}} passes)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n;
  double *u, *unew, *hist;
} grid_t;

__attribute__((noinline)) grid_t *grid_create(long n, int steps) {
  grid_t *g = malloc(sizeof *g);
  g->n = n;
  g->u = malloc(n * sizeof(double));
  g->unew = malloc(n * sizeof(double));
  g->hist = malloc(steps * sizeof(double));
  for (long i = 0; i < n; i++)
    g->u[i] = (double)(i % 5), g->unew[i] = 0;
  return g;
}

__attribute__((noinline)) void grid_destroy(grid_t *g) {
  free(g->u);
  free(g->unew);
  free(g->hist);
  free(g);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  grid_t *g = grid_create(atol(argv[1]), 20);
  for (int t = 0; t < 20; t++) {
    double res = 0;
    for (long k = 1; k + 1 < g->n; k++) {
      double v = 0.5 * (g->u[k - 1] + g->u[k + 1]);
      res += v * v;
      g->unew[k] = v;
    }
    double *s = g->u;
    g->u = g->unew;
    g->unew = s;
    g->hist[t] = sqrt(res);
  }
  printf("%g %g\n", g->u[g->n / 2], g->hist[19]);
  grid_destroy(g);
  return 0;
}
