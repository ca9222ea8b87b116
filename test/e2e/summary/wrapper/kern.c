#include "wrapper.h"

void axpy(double *y, const double *x, double s, long n) {
  for (long i = 0; i < n; i++)
    y[i] += s * x[i];
}

void scale(double *x, double s, long n) {
  for (long i = 0; i < n; i++)
    x[i] *= s;
}

double checksum(const double *x, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += x[i];
  return s;
}
