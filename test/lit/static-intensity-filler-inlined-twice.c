// A filler of external linkage, `field_init(&x, n); field_init(&y, n)`,
// inlined at both its calls in main and kept out of line for other
// modules: the site's calls are main's two copies and the filler's own,
// which no call here runs. Two objects per run, each a share of the site's
// accesses: x written once (1.0) and read 10 times, y read and written 10
// times and read once more (calloc's zeroes are no pass): 11 and 21, 16
// passes an object as the run makes. Before, roots in two functions were
// taken for one object: 32.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'f->v' {{.*}} (16 passes), streaming (streaming 100%)
#include <stdio.h>
#include <stdlib.h>

long getn(void);

typedef struct {
  long n;
  double *v;
} field;

void field_init(field *f, long n) {
  f->n = n;
  f->v = calloc(n, sizeof *f->v);
}

void axpy(field *y, const field *x, double a) {
  for (long i = 0; i < y->n; i++)
    y->v[i] += a * x->v[i];
}

int main(void) {
  long n = getn();
  field x, y;
  field_init(&x, n);
  field_init(&y, n);
  for (long i = 0; i < n; i++)
    x.v[i] = 1.0;
  for (int t = 0; t < 10; t++)
    axpy(&y, &x, 0.5);
  double s = 0;
  for (long i = 0; i < n; i++)
    s += y.v[i];
  printf("%g\n", s);
  free(x.v);
  free(y.v);
  return 0;
}
