/* test/e2e/fields: the sweeps, through a pointer to the caller's struct (e2e/summaries-fields) */
#include "grid.h"
void grid_step(grid_t *g) {
  long n = g->n;
  const double *u = g->u;
  double *v = g->v;
  for (long i = 1; i < n - 1; i++) v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
}
double grid_sum(const grid_t *g) {
  double s = 0;
  for (long i = 0; i < g->n; i++) s += g->v[i];
  return s;
}
