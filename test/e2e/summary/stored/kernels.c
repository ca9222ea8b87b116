#include "csr.h"

void spmv(const csr *A, const double *x, double *y) {
  for (int i = 0; i < A->n; i++) {
    double s = 0.0;
    for (int k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
      s += A->val[k] * x[A->col[k]];
    y[i] = s;
  }
}

double dot(const csr *A, const double *a, const double *b) {
  double s = 0.0;
  for (int i = 0; i < A->n; i++)
    s += a[i] * b[i];
  return s;
}

void scale(const csr *A, double *x, const double *y, double s) {
  for (int i = 0; i < A->n; i++)
    x[i] = s * y[i];
}
