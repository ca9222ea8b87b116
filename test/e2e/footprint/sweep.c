#include "fp.h"

void fp_axpy(double *y, const double *x, size_t n) {
  for (size_t i = 0; i < n; i++) y[i] += 0.5 * x[i];
}

double fp_sum(const double *x, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++) s += x[i];
  return s;
}
