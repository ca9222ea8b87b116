/* test/e2e/swap: steps over a grid of run-time size (e2e/struct-swap, e2e/summaries-swap) */
#include <stdio.h>
#include <stdlib.h>
#include "grid.h"
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  int steps = argc > 2 ? atoi(argv[2]) : 40;
  grid_t g;
  grid_alloc(&g, n);
  for (int s = 0; s < steps; s++) grid_step(&g);
  printf("%g\n", grid_sum(&g));
  free(g.u), free(g.v), free(g.w);
  return 0;
}
