/* vectors.c: the stand-in's arrays (sv.h). */
#include <stdlib.h>

#include "sv.h"

double *sv_vector(size_t n) {
  double *v = malloc(n * sizeof *v);
  if (v == NULL) abort();
  for (size_t i = 0; i < n; i++) v[i] = 1.0 / (double)(i + 1);
  return v;
}

double *sv_band(size_t n, size_t w) {
  double *a = malloc(n * w * sizeof *a);
  if (a == NULL) abort();
  for (size_t i = 0; i < n * w; i++) a[i] = i % w == w / 2 ? 4.0 : -1.0 / (double)w;
  return a;
}
