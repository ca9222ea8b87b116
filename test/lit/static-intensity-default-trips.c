// A time loop bounded by a step count read from the command line, else the
// program's own default (`argc > 2 ? atoi(argv[2]) : 10`): ScalarEvolution
// counts its trips in that value, a phi of the constant and the input. The
// count is taken at the default, a guess (the run's input decides) but the
// count the program runs when given none: 10 steps of one read and one write
// of `a` and one read of `b`, 20 and 10 passes plus the fill (21, 11), where
// BranchProbabilityInfo's guess (20 steps) read 41 and 21.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

__attribute__((noinline)) static void step(double *a, const double *b, long n) {
  for (long i = 0; i < n; i++)
    a[i] += 0.5 * b[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} ({{(19|2[0-3])(\.[0-9]+)?}} passes), streaming {{.*}}guessed trip counts
  double *a = malloc(n * sizeof *a);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'b' {{.*}} ({{(9|1[0-2])(\.[0-9]+)?}} passes), streaming {{.*}}guessed trip counts
  double *b = malloc(n * sizeof *b);
  for (long i = 0; i < n; i++)
    a[i] = b[i] = 1.0 / (1.0 + i);
  for (int t = 0; t < steps; t++)
    step(a, b, n);
  return a[n - 1] > 0;
}
