#include <stdio.h>
#include <stdlib.h>
#include "global.h"

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 20;
  init(n);
  for (int t = 0; t < 10; t++) step(n);
  smooth(n / 2);
  printf("%g %g\n", u[n / 2], v[n / 4]);
  return 0;
}
