// A time loop around two kernels inlined behind their `n > 0` tests: jump
// threading gives each path of that test its own `it + 1 == 10` exit, and
// neither dominates the latch, so ScalarEvolution counts no trip of the time
// loop (its induction's next value is a phi of the two paths' `+ 1`). Each
// iteration takes exactly one of the two tests: 10 trips. u: 1 pass set up +
// 10 x (1 read in axpy + 2 in scale) = 31; v: 1 + 10 x 2 + 1 read = 22.
// Before, the time loop's trips were guessed (97 and 66 passes).
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK-DAG: remark: site {{.*}} 'u' {{.*}} (31 passes), streaming (streaming 100%), confidence high
// CHECK-DAG: remark: site {{.*}} 'v' {{.*}} (22 passes), streaming (streaming 100%), confidence high

#include <stdio.h>
#include <stdlib.h>

long getn(void);

static void axpy(double *y, const double *x, double s, long n) {
  for (long i = 0; i < n; i++)
    y[i] += s * x[i];
}

static void scale(double *x, double s, long n) {
  for (long i = 0; i < n; i++)
    x[i] *= s;
}

int main(void) {
  long n = getn();
  double *u = malloc(n * sizeof(double));
  double *v = malloc(n * sizeof(double));
  if (!u || !v)
    abort();
  for (long i = 0; i < n; i++) {
    u[i] = 1.0 + (double)(i & 7);
    v[i] = 0.5 * (double)(i & 3);
  }
  for (int it = 0; it < 10; it++) {
    axpy(v, u, 0.5, n);
    scale(u, 0.999, n);
  }
  double s = 0;
  for (long i = 0; i < n; i++)
    s += v[i];
  printf("%g\n", s);
  free(u);
  free(v);
  return 0;
}
