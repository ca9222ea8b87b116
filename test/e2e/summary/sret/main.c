#include <stdio.h>
#include <stdlib.h>
#include "sret.h"

long n_points;

int main(int argc, char **argv) {
  n_points = argc > 1 ? atol(argv[1]) : 200000;
  Grids G = grids_init();
  double s = 0;
  for (int r = 0; r < 6; r++)
    for (long i = 0; i < n_points; i++)
      s += G.x[i];
  for (int r = 0; r < 3; r++)
    for (long i = 0; i < n_points; i++)
      G.y[i] = G.y[i] * 0.5 + s;
  long t = 0;
  for (long i = 0; i < n_points; i++)
    t += G.idx[i];
  printf("%.6g %ld\n", s + G.y[n_points / 2], t);
  return 0;
}
