/* test/e2e/summaries-swap-apart: 20 steps over a grid of run-time size */
#include <stdio.h>
#include <stdlib.h>
#include "grid.h"
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  grid_t g;
  grid_alloc(&g, n);
  for (int s = 0; s < 20; s++) {
    grid_step(&g);
    grid_swap(&g);
  }
  printf("%g\n", grid_sum(&g));
  free(g.cur), free(g.next);
  return 0;
}
