// Rows of a run-time length, `mask[j * nx + i]`, in a time loop whose arrays
// are reloaded from a struct each step (the step swaps u and v through it,
// and sqrt may write errno): the address is the row's step plus a base the
// row loop does not move, a sum ScalarEvolution leaves apart. The row loop
// was taken not to move the start, so the time loop seemed to move it too:
// the whole time loop one sweep, mask 2.02 passes and v 1.82 where the run
// (10 steps, the program's default) makes 11. Now the rows' start moves in
// the row loop, and the time loop repeats it: about 14 (its step count read
// from argv: guessed). The swap of u and v is one `<2 x ptr>` load, shuffle
// and store (the SLP vectoriser's): each array is each field half the steps,
// 11.3 passes each (8.93 and 13.7 with the vector swap not followed).
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'g.u' {{.*}} ({{(9|1[0-4])([.][0-9]*)?}} passes)
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'g.v' {{.*}} ({{(9|1[0-4])([.][0-9]*)?}} passes)
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'g.mask' {{.*}} ({{(9|1[0-7])([.][0-9]*)?}} passes)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long nx, ny;
  double *u, *v, *hist;
  int *mask;
} grid_t;

__attribute__((noinline)) double relax(grid_t *g, int steps) {
  long nx = g->nx, ny = g->ny;
  double res = 0;
  for (int t = 0; t < steps; t++) {
    res = 0;
    for (long j = 0; j < ny; j++)
      for (long i = 0; i < nx; i++) {
        long k = j * nx + i;
        double x = g->mask[k] ? 0.5 * g->u[k] : 0.0;
        res += x;
        g->v[k] = x;
      }
    double *s = g->u;
    g->u = g->v;
    g->v = s;
    g->hist[t] = sqrt(res);
  }
  return res;
}

int main(int argc, char **argv) {
  grid_t g;
  g.nx = argc > 1 ? atol(argv[1]) : 1024;
  g.ny = argc > 2 ? atol(argv[2]) : 1024;
  long n = g.nx * g.ny;
  g.u = malloc(n * sizeof(double));
  g.v = malloc(n * sizeof(double));
  g.mask = malloc(n * sizeof(int));
  g.hist = malloc(10 * sizeof(double));
  for (long k = 0; k < n; k++)
    g.u[k] = 1.0, g.v[k] = 0.0, g.mask[k] = k % 7 != 0;
  printf("%g\n", relax(&g, argc > 3 ? atoi(argv[3]) : 10));
  return 0;
}
