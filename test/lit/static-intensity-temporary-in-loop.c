// A temporary allocated in each iteration of the time loop and swept there:
// its accesses' start moves with the time loop by a call's result, the
// allocation's, which is a fresh object's base, not a row chosen by data (a
// random number's, a hash's). Its sweeps stream; before, they read as a
// gather of unknown count (latency-bound, never cold, whatever its passes).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'tmp' {{.*}} passes), streaming (streaming 100%), confidence {{medium|high}}, {{[0-9]+}} accesses{{(, guessed trip counts)?}} [-Rpass-analysis=oli]
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  double *u = malloc(n * sizeof *u);
  for (long i = 0; i < n; i++)
    u[i] = (double)i;
  for (int t = 0; t < 10; t++) {
    double *tmp = malloc(n * sizeof *tmp);
    for (long i = 0; i < n; i++)
      tmp[i] = 2 * u[i];
    for (long i = 0; i < n; i++)
      u[i] += tmp[i];
    free(tmp);
  }
  printf("%g\n", u[3]);
  free(u);
  return 0;
}
