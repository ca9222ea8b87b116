/* Passes, counted: init2 writes each array once; each of the 10 steps
 * sweeps the interior twice (jacobi into unew, then back into u: u is read
 * 4 times and written once per step, as is unew) and diff_norm reads u and
 * unew once. With phi = (nx - 2)(ny - 2) / (nx ny), about 1 at these sizes:
 * u = unew = 1 + 50 phi + 10, f = 1 + 20 phi (expected). */
#include "kern.h"
#include <stdio.h>
#include <stdlib.h>

#define NITER 10

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 2048, ny = argc > 2 ? atoi(argv[2]) : 2048;
  long n = (long)nx * ny;
  double *u = malloc(n * sizeof(double));
  double *unew = malloc(n * sizeof(double));
  double *f = malloc(n * sizeof(double));
  if (!u || !unew || !f) return 1;
  init2(u, nx, ny, 0.0);
  init2(unew, nx, ny, 0.0);
  init2(f, nx, ny, 1e-6);
  double r = 0.0;
  for (int it = 0; it < NITER; it++) {
    jacobi(unew, u, f, nx, ny);
    jacobi(u, unew, f, nx, ny);
    r = diff_norm(u, unew, n);
  }
  printf("%g\n", r);
  free(u);
  free(unew);
  free(f);
  return 0;
}
