// Two arrays that take turns in a time loop (`t = u; u = v; v = t`): each
// step (the stencil inline) reads one with a 3-point stencil and writes the other. The
// stencil's length is an input unrelated to the arrays' size (a guessed trip
// count: the loop is taken to sweep the array), so each of the 100 steps
// sweeps one of the two: 50 x 3 + 50 x 1 = 200 passes each, less
// BranchProbabilityInfo's even guesses for the stencil's guard `m > 2` and the
// vectoriser's checks (27 here; docs/static-intensity.md, "Limits"). The
// pointer moves with the time loop only through the two phis that swap: no
// piece of one sweep per step (before, the time loop was taken to tile a
// single sweep, as rows tile a matrix: 4 passes).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = atol(argv[1]), m = atol(argv[2]);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} ({{([2-9][0-9]|1[0-9][0-9]|2[0-2][0-9])(\.[0-9]+)?}} passes), streaming
  double *u = calloc(n, sizeof *u);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'v' {{.*}} ({{([2-9][0-9]|1[0-9][0-9]|2[0-2][0-9])(\.[0-9]+)?}} passes), streaming
  double *v = calloc(n, sizeof *v);
  for (int s = 0; s < 100; s++) {
    for (long i = 1; i < m - 1; i++) v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
    double *t = u;
    u = v;
    v = t;
  }
  return u[n / 2] > 0;
}
