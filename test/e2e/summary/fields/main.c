/* test/e2e/fields: ten steps over a grid of run-time size (e2e/summaries-fields) */
#include <stdio.h>
#include <stdlib.h>
#include "grid.h"
#define STEPS 10
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  grid_t g;
  grid_alloc(&g, n);
  for (int s = 0; s < STEPS; s++) grid_step(&g);
  printf("%g\n", grid_sum(&g));
  free(g.u), free(g.v);
  return 0;
}
