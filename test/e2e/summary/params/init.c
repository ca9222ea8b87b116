#include "params.h"

void init(double *x, double *w, long n) {
  for (long i = 0; i < n; i++) {
    x[i] = (double)(i % 97) / 97.0;
    w[i] = 1.0 + (double)(i % 13);
  }
}
