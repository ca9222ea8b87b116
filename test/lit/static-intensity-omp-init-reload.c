// Arrays a function allocates into its caller's struct and fills, one in a
// parallel region and one in a plain loop after it: the region reads `g`
// and `g->u` from its shared variables, and the code after the fork reloads
// `g->tab` from the struct (the region may have changed it). Those reloads
// of the slot the function has just filled read its object: each array is
// written once, 1 pass, in both. Before: no estimate for either (only the
// caller's memory was taken to hold the object); without -fopenmp the
// stored pointers are used directly, 1 pass each, as now.
// RUN: %clang -O2 -fopenmp -gline-tables-only -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK: oli: site 0x{{[0-9a-f]+}} 'g->u' {{.*}}: 0.125 accesses/byte (1 passes), streaming
// CHECK: oli: site 0x{{[0-9a-f]+}} 'g->tab' {{.*}}: 0.125 accesses/byte (1 passes), streaming
#include <stdlib.h>

typedef struct {
  long n, ntab;
  double *u, *tab;
} grid_t;

void grid_init(grid_t *g, long n, long ntab) {
  g->n = n;
  g->ntab = ntab;
  g->u = malloc(n * sizeof(double));
  g->tab = malloc(ntab * sizeof(double));
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    g->u[i] = 1.0;
  for (long t = 0; t < ntab; t++)
    g->tab[t] = 1.0 / (1.0 + t);
}
