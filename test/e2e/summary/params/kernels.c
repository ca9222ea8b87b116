#include "params.h"

void smooth(double *restrict y, const double *restrict x, long n) {
  for (long i = 1; i + 1 < n; i++) y[i] = (x[i - 1] + x[i] + x[i + 1]) / 3;
}

double dot(const double *x, const double *y, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}

void scale(double *restrict y, const double *restrict w, long n) {
  for (long i = 0; i < n; i++) y[i] *= w[i];
}
