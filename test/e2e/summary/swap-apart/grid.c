/* test/e2e/summaries-swap-apart: the arrays go into the caller's struct, and
 * grid_swap (no loop of its own) exchanges them: each holds each field on
 * half the steps. Before, a function without loops gave no summary, so the
 * other files' join took cur for every read and next for every write. */
#include <stdlib.h>
#include "grid.h"
void grid_alloc(grid_t *g, long n) {
  g->n = n;
  g->cur = malloc(n * sizeof *g->cur);
  g->next = malloc(n * sizeof *g->next);
  for (long i = 0; i < n; i++) g->cur[i] = (double)(i % 7), g->next[i] = 0;
}
void grid_swap(grid_t *g) {
  double *t = g->cur;
  g->cur = g->next;
  g->next = t;
}
