/* The C half of the user project: a struct-field object and a global. */
#include <oli/oli.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  long n;
  double *energy_grid;
} grid_t;

static grid_t grid;

double *grid_make(long n) {
  grid_t g;
  g.n = n;
  g.energy_grid = malloc((size_t)n * sizeof(double));
  memset(g.energy_grid, 0, (size_t)n * sizeof(double));
  grid = g;
  return grid.energy_grid;
}
