// A temporary allocated in each iteration of the time loop and swept there:
// its accesses' start moves with the time loop by a call's result, the
// allocation's, which is a fresh object's base, not a row chosen by data (a
// random number's, a hash's). Its sweeps stream: written and read once a
// step, 20 passes over one object, as the portable profile counts a site's
// objects that follow one another. Before, they read as a gather (latency-
// bound, never cold, whatever its passes).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'tmp' {{.*}} (20 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
#include <stdio.h>
#include <stdlib.h>

double *input(long *n);

int main(void) {
  long n;
  const double *u = input(&n);
  double s = 0;
  for (int t = 0; t < 10; t++) {
    double *tmp = malloc(n * sizeof *tmp);
    for (long i = 0; i < n; i++)
      tmp[i] = u[i] * t;
    for (long i = 0; i < n; i++)
      s += tmp[i];
    free(tmp);
  }
  printf("%g\n", s);
  return 0;
}
