#include <stdio.h>
#include <stdlib.h>
#include "wrapper.h"

/* n doubles: the size is 8 times the parameter */
double *alloc_vec(long n) {
  double *p = malloc((size_t)n * sizeof(double));
  if (!p) {
    perror("alloc_vec");
    exit(1);
  }
  return p;
}

/* a byte count: the size is the parameter */
void *xmalloc(unsigned long bytes) {
  void *p = malloc(bytes);
  if (!p) {
    perror("xmalloc");
    exit(1);
  }
  return p;
}

/* n zeros: the wrapper's own loop writes what it returns (1 pass) */
double *dzeros(long n) {
  double *p = alloc_vec(n);
  for (long i = 0; i < n; i++)
    p[i] = 0.0;
  return p;
}
