#include <stdlib.h>
#include <string.h>

#include "fp.h"

static double *zeroed(double *v, size_t n) {
  if (v) memset(v, 0, n * sizeof *v);
  return v;
}

double *fp_work(size_t n) { return zeroed(malloc(n * sizeof(double)), n); }
double *fp_field(size_t n) { return zeroed(malloc(n * sizeof(double)), n); }
double *fp_grid(size_t n) { return zeroed(malloc(n * sizeof(double)), n); }
