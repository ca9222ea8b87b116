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
