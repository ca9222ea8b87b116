#include <stdio.h>
#include <stdlib.h>

#include "kernel.h"

grid_t grid_make(size_t n) {
  grid_t g;
  g.energy = malloc(n * sizeof(double));
  g.xs = malloc(n * sizeof(double));
  g.coeff = malloc(64 * sizeof(double));
  if (!g.energy || !g.xs || !g.coeff) {
    perror("grid_make");
    exit(1);
  }
  for (size_t i = 0; i < n; i++) g.energy[i] = (double)i, g.xs[i] = 1.0 / (double)(i + 1);
  for (int i = 0; i < 64; i++) g.coeff[i] = 0.5 + i;
  return g;
}

double *grid_spare(size_t n) {
  double *s = malloc(n * sizeof(double));
  if (s) s[0] = 0;
  return s;
}
