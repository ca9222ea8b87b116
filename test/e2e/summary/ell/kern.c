#include "ell.h"

/* The product loops to A->K, a field this file never sees set. */
void spmv(const ell_t *A, const double *x, double *y) {
  long n = A->n;
  for (long i = 0; i < n; i++)
    y[i] = 0.0;
  for (int k = 0; k < A->K; k++) {
    const int *c = A->col + k * n;
    const double *v = A->val + k * n;
    for (long i = 0; i < n; i++)
      y[i] += v[i] * x[c[i]];
  }
}
