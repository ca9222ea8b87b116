/* test/e2e/summaries-swap-apart: a step over the struct's fields (no swap here) */
#include "grid.h"
void grid_step(grid_t *g) {
  for (long i = 1; i < g->n - 1; i++) g->next[i] = 0.25 * g->cur[i - 1] + 0.5 * g->cur[i] + 0.25 * g->cur[i + 1];
}
double grid_sum(const grid_t *g) {
  double s = 0;
  for (long i = 0; i < g->n; i++) s += g->cur[i];
  return s;
}
