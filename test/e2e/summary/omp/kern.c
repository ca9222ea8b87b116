/* Each kernel is one parallel region: its loops are in the function clang
 * outlines and __kmpc_fork_call runs, the arrays and bounds reach them
 * through the region's shared variables. */
#include "kern.h"

void init2(double *a, int nx, int ny, double v) {
#pragma omp parallel for
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) a[(long)j * nx + i] = v * (double)((i + 3 * j) & 7);
}

/* A 5-point sweep of the interior: (nx - 2)(ny - 2) of nx * ny points. */
void jacobi(double *restrict unew, const double *restrict u, const double *restrict f, int nx, int ny) {
#pragma omp parallel for schedule(static)
  for (int j = 1; j < ny - 1; j++)
    for (int i = 1; i < nx - 1; i++) {
      long k = (long)j * nx + i;
      unew[k] = 0.25 * (u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx] - f[k]);
    }
}

/* A reduction: the loop unrolled behind a prologue (its step 2). */
double diff_norm(const double *a, const double *b, long n) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (long k = 0; k < n; k++) s += (a[k] - b[k]) * (a[k] - b[k]);
  return s;
}
