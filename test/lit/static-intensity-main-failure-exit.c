// main's early return of a failure status, `if (argc < 3) return 1;`, is no
// path of a run that does the work, as `exit(1)` is not: before, it had
// BranchProbabilityInfo's even odds (an `exit` is cold to it, a return is
// not), so every call after the test counted half a run and the swept array
// read 10.5 passes, `high`. A fill, then 10 steps reading and writing: 21.
// The allocation's own failure exit (`return 2`) is the allocation's test.
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} ({{(19|2[0-3])([.][0-9]*)?}} passes), streaming
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double relax(double *u, long n, int steps) {
  double s = 0;
  for (int t = 0; t < 10; t++)
    for (long i = 0; i < n; i++)
      s += u[i] = u[i] * 0.5 + 1.0;
  return s + steps;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  long n = atol(argv[1]);
  double *u = malloc(n * sizeof *u);
  if (!u)
    return 2;
  for (long i = 0; i < n; i++)
    u[i] = 1.0;
  printf("%g\n", relax(u, n, atoi(argv[2])));
  return 0;
}
