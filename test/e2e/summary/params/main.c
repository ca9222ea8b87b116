#include <stdio.h>
#include <stdlib.h>
#include "params.h"

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 20;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *w = malloc(n * sizeof *w);
  if (!x || !y || !w) return 1;
  init(x, w, n);
  double s = 0;
  for (int t = 0; t < steps; t++) {
    smooth(y, x, n);
    scale(y, w, n);
    s += dot(x, y, n);
  }
  printf("%g\n", s);
  free(x);
  free(y);
  free(w);
  return 0;
}
