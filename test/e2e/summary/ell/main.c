#include <stdio.h>
#include <stdlib.h>

#include "ell.h"

/* 15 products: col and val written once and read 15 times (16 passes). */
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 524288;
  ell_t A;
  ell_build(&A, n);
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    x[i] = 1.0;
  double s = 0.0;
  for (int t = 0; t < 15; t++) {
    spmv(&A, x, y);
    s += y[t];
    x[t] = s;
  }
  printf("%g\n", s);
  free(x), free(y), free(A.col), free(A.val);
  return 0;
}
