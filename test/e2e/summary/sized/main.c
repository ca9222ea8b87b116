/* test/e2e/summary/sized: n read at run time, the array allocated with n
 * doubles and handed to kernels in another file with n: written once, then
 * read and written in 10 sweeps (21 passes) */
#include <stdio.h>
#include <stdlib.h>
#include "sized.h"
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 20;
  double *a = malloc(n * sizeof *a);
  fill(a, n);
  for (int s = 0; s < 10; s++) relax(a, n);
  printf("%g\n", a[n / 2]);
  free(a);
  return 0;
}
