/* test/host/solver-alloc.c - libsolver's allocations (built with the plugin). */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"

void *sv_work(size_t n, unsigned seed) {
  unsigned char *work = malloc(n);
  if (work) sv_fill(work, 0, n, seed);
  return work;
}

double *sv_vector(size_t n) {
  double *vec = calloc(n, sizeof *vec);
  return vec;
}

void *sv_resize(void *p, size_t old, size_t n, unsigned seed) {
  unsigned char *grown = realloc(p, n);
  if (grown && n > old) sv_fill(grown, old, n, seed);
  return grown;
}

size_t sv_usable(void *p) { return malloc_usable_size(p); }
