/* test/e2e/extern: the caller of both: u and v are its objects, work_make's are its own (e2e/extern-wrapper) */
#include <stdio.h>
#include <stdlib.h>
void *xmalloc(size_t n);
double *work_make(long n);
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  double *u = xmalloc(n * sizeof *u);
  double *v = xmalloc(2 * n * sizeof *v);
  double *w = work_make(n);
  for (long i = 0; i < n; i++) u[i] = i, v[2 * i] = w[i];
  double s = 0;
  for (int it = 0; it < 10; it++)
    for (long i = 0; i < n; i++) s += u[i] * v[2 * i];
  printf("%g\n", s);
  free(u), free(v), free(w);
  return 0;
}
