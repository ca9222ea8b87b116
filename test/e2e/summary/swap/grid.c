/* test/e2e/swap: the arrays go into the caller's struct (e2e/struct-swap, e2e/summaries-swap) */
#include <stdlib.h>
#include "grid.h"
void grid_alloc(grid_t *g, long n) {
  g->n = n;
  g->u = malloc(n * sizeof *g->u);
  g->v = malloc(n * sizeof *g->v);
  g->w = malloc(n * sizeof *g->w);
  for (long i = 0; i < n; i++) g->u[i] = (double)(i % 7), g->v[i] = 0, g->w[i] = 1e-3;
}
