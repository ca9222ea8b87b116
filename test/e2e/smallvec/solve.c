/* solve.c: the stand-in's sweeps (sv.h). */
#include "sv.h"

void sv_matvec(double *q, const double *band, const double *p, size_t n, size_t w) {
  for (size_t i = 0; i < n; i++) {
    double s = 0;
    for (size_t k = 0; k < w; k++) {
      size_t j = (i + k + n - w / 2) % n;
      s += band[i * w + k] * p[j];
    }
    q[i] = s;
  }
}

double sv_dot(const double *x, const double *y, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}

void sv_axpy(double *y, double a, const double *x, size_t n) {
  for (size_t i = 0; i < n; i++) y[i] += a * x[i];
}
