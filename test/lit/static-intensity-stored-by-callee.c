// An array sized by main's n and swept by a function whose loop runs to a
// struct's field (`i < V->n`) that another function stores n into
// (`build(&V, n)` storing `V->n = n`): the field's symbol is a second form
// of the array's size, as a store in main itself would make it, so the
// sweep's count in it is exact: y 10 passes (written 10 times), `high`.
// Before: 3.1, guessed (an outside trial's CSR vector x, 34 of 101).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n;
  double *a;
} vec;

__attribute__((noinline)) void build(vec *V, long n) {
  V->n = n;
  V->a = malloc((size_t)n * sizeof(double));
  for (long i = 0; i < n; i++)
    V->a[i] = 1.0;
}

__attribute__((noinline)) void fill(const vec *V, double *y) {
  for (long i = 0; i < V->n; i++)
    y[i] = 2.0 * V->a[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1048576;
  vec V;
  build(&V, n);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'y' {{.*}} ({{9\.[5-9][0-9]*|10(\.[0-4][0-9]*)?}} passes), streaming (streaming 100%), confidence high
  double *y = malloc((size_t)n * sizeof(double));
  for (int t = 0; t < 10; t++)
    fill(&V, y);
  printf("%g\n", y[3]);
  return 0;
}
