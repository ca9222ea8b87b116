#include <stdio.h>
#include <stdlib.h>

#include "csr.h"

/* Power iteration, 25 steps (normalised by |y|^2). y: per step written by spmv, read twice by
 * dot(y, y) and once by scale: 100 passes. */
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1048576;
  csr A;
  csr_build(&A, n);
  double *x = malloc((size_t)n * sizeof(double));
  double *y = malloc((size_t)n * sizeof(double));
  for (int i = 0; i < n; i++)
    x[i] = 1.0 + 1e-3 * (i % 13);
  double lam = 0.0;
  for (int t = 0; t < 25; t++) {
    spmv(&A, x, y);
    lam = dot(&A, y, y); /* the Rayleigh quotient's square, enough here */
    scale(&A, x, y, 1.0 / lam);
  }
  printf("lambda %g\n", lam);
  free(x), free(y), free(A.rowptr), free(A.col), free(A.val);
  return 0;
}
