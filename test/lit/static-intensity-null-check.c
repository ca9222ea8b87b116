// An allocation's result tested for NULL, the failure path returning (not
// a call that does not return, which is cold already): the allocation
// succeeds, in both views, so the sweeps after the test run every time. u:
// written once and read once, 2 passes. Before, BranchProbabilityInfo's
// even odds for `!u || !v` halved everything after it (1 pass).
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: site {{.*}} 'u' {{.*}} (2 passes), streaming (streaming 100%), confidence high
// CHECK: remark: site {{.*}} 'v' {{.*}} (1 passes), streaming (streaming 100%), confidence high

#include <stdio.h>
#include <stdlib.h>

long getn(void);

int main(void) {
  long n = getn();
  double *u = malloc(n * sizeof(double));
  long *v = malloc(n * sizeof(long));
  if (!u || !v)
    return 1;
  for (long i = 0; i < n; i++)
    u[i] = (double)i, v[i] = i;
  double s = 0;
  for (long i = 0; i < n; i++)
    s += u[i];
  printf("%g %ld\n", s, v[n - 1]);
  free(u);
  free(v);
  return 0;
}
