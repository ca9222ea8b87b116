#include <stdlib.h>
typedef struct {
  long n;
  double *a;
} grid_t;
void grid_init(grid_t *g, long n) {
  g->n = n;
  g->a = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    g->a[i] = (double)i;
}
