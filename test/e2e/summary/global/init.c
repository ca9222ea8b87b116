#include <stdlib.h>
#include "global.h"

double *u, *v;

void init(long n) {
  u = malloc(n * sizeof *u);
  v = malloc(n * sizeof *v);
  if (!u || !v) exit(1);
  for (long i = 0; i < n; i++) u[i] = (double)(i % 17), v[i] = 0;
}
