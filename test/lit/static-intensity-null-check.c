// An allocation's result tested for NULL, the failure path returning (not
// a call that does not return, which is cold already): the allocation
// succeeds, in both views, so the sweeps after the test run every time. u:
// written once and read once, 2 passes. Before, BranchProbabilityInfo's
// even odds for `!u || !v || !w` halved everything after it (1 pass). w
// comes from another file's wrapper (no `noalias` here: a call the tagger
// brackets), tested the same way.
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: site {{.*}} 'u' {{.*}} (2 passes), streaming (streaming 100%), confidence high
// CHECK: remark: site {{.*}} 'v' {{.*}} (1 passes), streaming (streaming 100%), confidence high

#include <stdio.h>
#include <stdlib.h>

long getn(void);
void *xmalloc(unsigned long bytes); /* another file's wrapper: its call bracketed */

int main(void) {
  long n = getn();
  double *u = malloc(n * sizeof(double));
  long *v = malloc(n * sizeof(long));
  double *w = xmalloc(n * sizeof(double));
  if (!u || !v || !w)
    return 1;
  for (long i = 0; i < n; i++)
    u[i] = (double)i, v[i] = i;
  double s = 0;
  for (long i = 0; i < n; i++)
    s += u[i];
  printf("%g %ld %g\n", s, v[n - 1], w[0]);
  free(u);
  free(v);
  return 0;
}
