/* test/e2e/summary/chain: n read at run time, the array allocated with n
 * doubles and handed with n to a driver in another file, which hands it on
 * to the kernels of a third ten times: written once, then read and written
 * in 10 sweeps (21 passes) */
#include <stdio.h>
#include <stdlib.h>
#include "chain.h"
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 20;
  double *a = malloc(n * sizeof *a);
  fill(a, n);
  solve(a, n);
  printf("%g\n", a[n / 2]);
  free(a);
  return 0;
}
