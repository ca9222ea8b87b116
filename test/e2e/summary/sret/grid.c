#include <stdlib.h>
#include "sret.h"

Grids grids_init(void) {
  long n = n_points;
  Grids G;
  G.n = n;
  G.x = malloc(n * sizeof *G.x);
  G.y = malloc(n * sizeof *G.y);
  G.idx = malloc(n * sizeof *G.idx);
  for (long i = 0; i < n; i++) {
    G.x[i] = (double)i;
    G.y[i] = 1.0;
    G.idx[i] = (i * 7) % n;
  }
  return G;
}
