/* sv N_KIB W ITERS: conjugate-gradient-like iterations on vectors of N_KIB
 * each (x, r, p, q, z) and a banded matrix of W diagonals (W times larger). */
#include <stdio.h>
#include <stdlib.h>

#include "sv.h"

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: sv N_KIB W ITERS\n");
    return 2;
  }
  size_t n = strtoul(argv[1], NULL, 10) * 128, w = strtoul(argv[2], NULL, 10);
  int iters = atoi(argv[3]);
  double *band = sv_band(n, w);
  double *x = sv_vector(n), *r = sv_vector(n), *p = sv_vector(n), *q = sv_vector(n), *z = sv_vector(n);
  double rho = sv_dot(r, r, n);
  for (int it = 0; it < iters; it++) {
    sv_matvec(q, band, p, n, w);
    double alpha = rho / sv_dot(p, q, n);
    sv_axpy(x, alpha, p, n);
    sv_axpy(r, -alpha, q, n);
    sv_axpy(z, 0.5, r, n);
    double rho1 = sv_dot(r, r, n);
    for (size_t i = 0; i < n; i++) p[i] = r[i] + (rho1 / rho) * p[i];
    rho = rho1;
  }
  printf("rho %.6e x0 %.6f\n", rho, x[0]);
  free(x), free(r), free(p), free(q), free(z), free(band);
  return 0;
}
