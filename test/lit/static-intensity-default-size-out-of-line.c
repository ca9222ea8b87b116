// main's size read from the input or its default (`n = argc > 1 ?
// atol(argv[1]) : 262144`) and kernels kept out of line, passed n: jump
// threading splits the allocation into a copy per path (malloc(8 * atol) and
// malloc(2097152)) and joins n again in phis before the loops and calls that
// use it. The size is in atol's value; a phi of one value and constants is
// that value (the input's, as the branch on argc goes at the sample point),
// so the kernels' n and main's own loop count in the size's symbol: written
// once, then read and written twice per step in 10 steps, 41 passes, high
// (exact). Before, each phi was a symbol of its own: 32.3 passes, guessed.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'p' {{.*}} (41 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void push(double *p, long n, double dt) {
  for (long i = 0; i < n; i++)
    p[i] += dt * p[i];
}

__attribute__((noinline)) static void kick(double *p, long n, double dt) {
  for (long i = 0; i < n; i++)
    p[i] -= dt * 9.81;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 18;
  double *p = malloc(n * sizeof *p);
  for (long i = 0; i < n; i++)
    p[i] = (double)i;
  for (int t = 0; t < 10; t++) {
    push(p, n, 1e-3);
    kick(p, n, 1e-3);
  }
  printf("%g\n", p[3]);
  free(p);
  return 0;
}
