// Two arrays that take turns in a time loop (`t = u; u = v; v = t`), the
// kernels inlined, their loops bounded by the arrays' own n: counts known,
// so each access's executions are exact - but each array reaches both phis
// of the swap, and holds each role on half of the 16 steps. u: written once,
// 8 steps read twice (flux, update) and 8 written once, read once at the
// end: 1 + 16 + 8 + 1 = 26; v the same but for the final read, taken as
// either's (26; a run makes 25). Before, each counted both roles on every
// step: 50 passes, `high`. (rotation.c: the same with the counts guessed.)
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

static void flux(double *restrict fl, const double *restrict u, size_t n, double c) {
  for (size_t i = 0; i + 1 < n; i++)
    fl[i] = c * (u[i + 1] - u[i]);
}

static void update(double *restrict v, const double *restrict u, const double *restrict fl, size_t n) {
  for (size_t i = 1; i + 1 < n; i++)
    v[i] = u[i] + fl[i] - fl[i - 1];
}

int main(int argc, char **argv) {
  size_t n = strtoul(argv[1], NULL, 10);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} (26 passes), streaming (streaming 100%), confidence high
  double *u = malloc(n * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'v' {{.*}} (26 passes), streaming (streaming 100%), confidence high
  double *v = malloc(n * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'fl' {{.*}} ({{47.9|48}} passes), streaming (streaming 100%), confidence high
  double *fl = malloc(n * sizeof *fl);
  for (size_t i = 0; i < n; i++)
    u[i] = (double)(i & 7), v[i] = 0.0;
  for (int t = 0; t < 16; t++) {
    flux(fl, u, n, 0.2);
    update(v, u, fl, n);
    double *tmp = u;
    u = v;
    v = tmp;
  }
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += u[i];
  printf("%g\n", s);
  return 0;
}
