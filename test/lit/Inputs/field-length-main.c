#include <stdio.h>
#include <stdlib.h>
typedef struct {
  long n;
  double *a;
} grid_t;
void grid_init(grid_t *g, long n);
void scale(double *y, long n);
int main(int argc, char **argv) {
  grid_t g;
  grid_init(&g, argc > 1 ? atol(argv[1]) : 1 << 20);
  for (int s = 0; s < 10; s++)
    scale(g.a, g.n);
  printf("%g\n", g.a[1]);
  return 0;
}
