// One site, two objects: a function that fills a field struct (`f->d =
// malloc(..)`) kept out of line and called for two fields, which a relax
// step then reads and writes in turn (`relax(&a, &b); relax(&b, &a)`). The
// site's flow reaches both objects' accesses, a run's worth of each; its
// estimate is each object's: the sum over the two calls of the filler.
// Written once, then read twice and written once per step of 10: 31 passes
// each, as the run makes. Before, both objects' accesses counted for each:
// 61.9.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'f->d' {{.*}} ({{3[01]([.][0-9]+)?}} passes), streaming (streaming 100%), confidence high
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n;
  double *d;
} field_t;

__attribute__((noinline)) static void field_init(field_t *f, long n) {
  f->n = n;
  f->d = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    f->d[i] = (double)i;
}

__attribute__((noinline)) static void relax(const field_t *a, field_t *b) {
  for (long i = 1; i < a->n - 1; i++)
    b->d[i] = 0.5 * (a->d[i - 1] + a->d[i + 1]);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  field_t a, b;
  field_init(&a, n);
  field_init(&b, n);
  for (int t = 0; t < 10; t++) {
    relax(&a, &b);
    relax(&b, &a);
  }
  printf("%g\n", a.d[3] + b.d[3]);
  return 0;
}
