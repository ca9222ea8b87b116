#include <stdlib.h>
typedef struct {
  long nx, ny, n;
  double *u, *v;
} grid_t;
void grid_init(grid_t *g, long nx, long ny) {
  long n = nx * ny;
  g->nx = nx, g->ny = ny, g->n = n;
  g->u = malloc(n * sizeof(double));
  g->v = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    g->u[i] = g->v[i] = 1.0;
}
