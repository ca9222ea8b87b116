#include "kernel.h"

double sweep(const grid_t *g, double *scratch, size_t n, int reps) {
  double sum = 0;
  for (int r = 0; r < reps; r++) {
    for (size_t i = 0; i < n; i++) sum += g->energy[i] * g->xs[i] * g->coeff[i & 63];
    for (size_t i = 0; i < SCRATCH; i++) scratch[i] += sum * 1e-12;
  }
  return sum;
}
