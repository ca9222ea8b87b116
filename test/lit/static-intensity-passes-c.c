// Pass counts from the compiler's own facts: each object's size and the trip
// counts of the loops that sweep it are expressions of the same run-time
// values (n, m, l read from the command line, or a global set once), so the
// passes are exact, not guessed, whatever the sizes: 1 + 10 sweeps of a 1-D
// array, 1 + 5 of a 2-D one, 1 + 3 of a 3-D one, an array only written, an
// array allocated in one function and swept in another through a global
// bound, and one written once and updated by 4 calls of a helper that takes
// the bound as a parameter (every caller passes the same n). Vectorised and unrolled at -O2, with remainder loops.
// Accepted: within 20% of the true count (the ranges below).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

static long gn;
static double *g;

static void setup(const char *arg) {
  gn = atol(arg);
  g = malloc(gn * sizeof *g);
}
// CHECK-DAG: static-intensity-passes-c.c:[[#@LINE-2]]:7: remark: site {{.*}} 'g' {{.*}} ({{(1[.][0-9]+|1|2|2[.][0-3][0-9]*)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]

static double sweep(void) {
  double s = 0;
  for (long i = 0; i < gn; i++)
    g[i] = i;
  for (long i = 0; i < gn; i++)
    s += g[i];
  return s;
}

static __attribute__((noinline)) void scale(double *x, long n, double f) {
  for (long i = 0; i < n; i++)
    x[i] *= f;
}

int main(int argc, char **argv) {
  long n = atol(argv[1]), m = atol(argv[2]), l = atol(argv[3]);
  double s = 0;

  double *a = malloc(n * sizeof *a);
  // CHECK-DAG: static-intensity-passes-c.c:[[#@LINE-1]]:15: remark: site {{.*}} ({{(9[.][0-9]+|1[0-3]|1[0-2][.][0-9]+|13[.][01][0-9]*)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  for (long i = 0; i < n; i++)
    a[i] = i;
  for (int r = 0; r < 10; r++)
    for (long i = 0; i < n; i++)
      s += a[i] * r;

  double *b = malloc(n * m * sizeof *b);
  // CHECK-DAG: static-intensity-passes-c.c:[[#@LINE-1]]:15: remark: site {{.*}} ({{(4[.][89][0-9]*|5|6|7|[56][.][0-9]+|7[.][01][0-9]*)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      b[i * m + j] = i + j;
  for (int r = 0; r < 5; r++)
    for (long i = 0; i < n; i++)
      for (long j = 0; j < m; j++)
        s += b[i * m + j] * r;

  double *c = malloc(n * m * l * sizeof *c);
  // CHECK-DAG: static-intensity-passes-c.c:[[#@LINE-1]]:15: remark: site {{.*}} ({{(3[.][2-9][0-9]*|4|4[.][0-9]+)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  for (long k = 0; k < l; k++)
    for (long j = 0; j < m; j++)
      for (long i = 0; i < n; i++)
        c[(k * m + j) * n + i] = i + j + k;
  for (int r = 0; r < 3; r++)
    for (long k = 0; k < l; k++)
      for (long j = 0; j < m; j++)
        for (long i = 0; i < n; i++)
          s += c[(k * m + j) * n + i] * r;

  double *w = malloc(m * sizeof *w);
  // CHECK-DAG: static-intensity-passes-c.c:[[#@LINE-1]]:15: remark: site {{.*}} ({{(0[.][89][0-9]*|1|1[.][0-1][0-9]*)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  for (long j = 0; j < m; j++)
    w[j] = s;

  double *h = malloc(n * sizeof *h);
  // CHECK-DAG: static-intensity-passes-c.c:[[#@LINE-1]]:15: remark: site {{.*}} ({{(7[.][2-9][0-9]*|8|9|10|[89][.][0-9]+|10[.][0-7][0-9]*)}} passes), streaming {{.*}}, confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  for (long i = 0; i < n; i++)
    h[i] = i;
  for (int r = 0; r < 4; r++)
    scale(h, n, 1.0 + r);

  setup(argv[4]);
  s += sweep();
  printf("%g %g %g %g %g %g\n", s, a[n / 2], b[0], c[0], w[m - 1], h[n - 1]);
  return 0;
}
