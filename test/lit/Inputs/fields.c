#include <stdlib.h>
typedef struct {
  long n;
  double *nuclide_grid;
  struct { int k; double *energy; } in;
  double *arr[4];
} SimulationData;
struct P { int a; double *field; };

SimulationData grid_init(long n) {
  SimulationData SD;
  SD.n = n;
  SD.nuclide_grid = (double *) malloc(n * sizeof(double));
  SD.in.energy = malloc(n * 8);
  SD.arr[1] = malloc(n);
  return SD;
}

void fill(struct P *p, long n) {
  p->field = calloc(n, 8);
  double *local = malloc(n);
  p->field[0] = local[0];
  free(local);
}

union U { double *d; long *l; };
long *pick(long n) {
  union U u;
  u.l = malloc(n);
  return u.l;
}
