/* test/e2e/swap: a step, then the swap of u and v (e2e/struct-swap, e2e/summaries-swap) */
#include "grid.h"
void grid_step(grid_t *g) {
  long n = g->n;
  const double *u = g->u, *w = g->w;
  double *v = g->v;
  for (long i = 1; i < n - 1; i++) v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1] + w[i];
  g->u = v;
  g->v = (double *)u;
}
double grid_sum(const grid_t *g) {
  double s = 0;
  for (long i = 0; i < g->n; i++) s += g->u[i];
  return s;
}
