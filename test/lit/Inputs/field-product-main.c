#include <stdio.h>
#include <stdlib.h>
typedef struct {
  long nx, ny, n;
  double *u, *v;
} grid_t;
void grid_init(grid_t *g, long nx, long ny);
void flat(grid_t *g);
void nest(grid_t *g);
int main(int argc, char **argv) {
  grid_t g;
  grid_init(&g, argc > 1 ? atol(argv[1]) : 1024, argc > 2 ? atol(argv[2]) : 1024);
  for (int s = 0; s < 10; s++)
    flat(&g), nest(&g);
  printf("%g\n", g.u[1] + g.v[1]);
  return 0;
}
