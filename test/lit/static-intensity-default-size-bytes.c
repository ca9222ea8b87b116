// main's size from the input or its default (`n = argc > 1 ? atol(argv[1])
// : 1 << 20`) and a temporary allocated in each step of the time loop:
// jump threading splits the first allocation into a copy per path and
// joins, before the loop, both n and its byte count (`8 * atol(..)` or
// 8388608) in phis, which the temporary's size and the loops read. A phi of
// one value and defaults evaluates as that value's expression, `8 * n` in
// atol's symbol, as the loops' n is: u written once, then read twice and
// written once per step of 10, 31 passes, high. Before, the bytes' phi was a
// symbol of its own and every count in the loop a guess: 15.2, medium.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} (31 passes), streaming (streaming 100%), confidence high
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
