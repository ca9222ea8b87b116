// A base pointer the loop reloads from a slot fixed in the whole loop nest
// (a store through another field may alias it: `A->val[i]` beside stores to
// `A->col[i]` through a struct pointer; an OpenMP region's shared pointer)
// is the same every iteration: the address moves as `val + 8 i`, a sweep.
// Before, the reload was taken for a value the index depends on: a gather.
// -fno-strict-aliasing: without type-based alias analysis every store may
// alias the slots, so the loop reloads both bases.
// RUN: %clang -O2 -fno-strict-aliasing -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>
typedef struct { int *col; double *val; } mat_t;

__attribute__((noinline)) void fill(mat_t *A, long n) {
  for (long i = 0; i < n; i++) {
    A->col[i] = (int)i;
    A->val[i] = 0.5 * (double)i;
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  mat_t A;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'A.col' {{.*}}: {{.*}} passes), streaming (streaming 100%)
  A.col = malloc((size_t)n * sizeof(int));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'A.val' {{.*}}: {{.*}} passes), streaming (streaming 100%)
  A.val = malloc((size_t)n * sizeof(double));
  fill(&A, n);
  return A.col[n / 2] + (int)A.val[n / 3];
}
