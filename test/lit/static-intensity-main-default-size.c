// main's size with a default, `n = argc > 1 ? atol(argv[1]) : 1 << 20`:
// jump threading makes two copies of the malloc (one of 8 MiB, one of `8 *
// atol(..)`) and `n` a phi after them, which the loops run to. The object's
// size is now the phi's times 8 (both copies fit it), so the loops count
// exactly: a fill and 10 sweeps reading and writing, 21 passes. Before: the
// constant copy's size stood, the loops' counts were guessed - 36.8 passes
// at -O2, 14.3 without unrolling, 11 once the size was the phi's but a
// branch on a phi of flags (`n > 0` carried from the copies' paths) was not
// decided at the sample point.
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -fno-unroll-loops -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} {{.*}} ({{(19|2[0-3])([.][0-9]*)?}} passes), streaming (streaming 100%), confidence high
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  double *u = malloc(n * sizeof *u);
  for (long i = 0; i < n; i++) u[i] = 1.0;
  for (int t = 0; t < 10; t++)
    for (long i = 0; i < n; i++) u[i] = u[i] * 0.5 + 1.0;
  printf("%g\n", u[n / 2]);
  return 0;
}
