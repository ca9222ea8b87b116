#include <stdio.h>
#include <stdlib.h>
#include "wrapper.h"

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 22;
  double *u = alloc_vec(n);
  double *v = xmalloc((unsigned long)n * sizeof(double));
  double *w = dzeros(n);
  for (long i = 0; i < n; i++) { /* u: 1 pass, v: 1 */
    u[i] = 1.0 + (double)(i & 7);
    v[i] = 0.5 * (double)(i & 3);
  }
  for (int it = 0; it < 10; it++) {
    axpy(v, u, 0.5, n);  /* v: 2 passes, u: 1 */
    scale(u, 0.999, n);  /* u: 2 */
    scale(w, 0.5, n);    /* w: 2, after dzeros' 1 */
  }
  printf("sum %g\n", checksum(v, n)); /* v: 1 */
  free(u);
  free(v);
  free(w);
  return 0;
}
