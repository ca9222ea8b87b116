// A halving loop: a multigrid's levels `for (m = n; m > 4; m /= 2)` run
// log2(n / 4) times, each level sweeping the first m elements (read and
// written: 2m of n per level, about 4 passes over all levels, 5 with the
// set-up). With n unknown (an argument of a function not inlined) the pass
// takes the levels from a start of 1024 to the bound 4 (8 levels) instead of
// BranchProbabilityInfo's 32 for a loop of unknown count (35 passes before;
// each level's sweep of an unknown m is taken to cover the array, so 11 here).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

__attribute__((noinline)) static void levels(double *a, long n) {
  for (long m = n; m > 4; m /= 2)
    for (long i = 0; i < m; i++)
      a[i] *= 0.5;
}

double *hierarchy(long n) {
  // CHECK: [[@LINE+1]]:15: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} ({{[5-9]|1[0-9]}}{{(\.[0-9]+)?}} passes), streaming
  double *a = malloc(n * sizeof *a);
  for (long i = 0; i < n; i++)
    a[i] = i;
  levels(a, n);
  return a;
}
