// A loop over a parameter of a function other modules call (run's
// nsteps), around a sweep bounded by the object's own size (the global N):
// the site's own estimate keeps the inner loop's exact count under the
// outer loop's guess (2 passes a step: BFI's 20 steps, 41 passes). The
// parameters are taken as sizes only for a hypothesis's own count (its
// third view): had they been in the sites' view, the nest would have read
// symbols its size does not, and fallen back to guesses for both loops
// (14.7 passes).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}}: 5.125 accesses/byte (41 passes), streaming

#include <stdlib.h>

long N;
double *a;

void setup(long n) {
  N = n;
  a = malloc(N * sizeof *a);
  for (long i = 0; i < N; i++)
    a[i] = 0;
}

void run(int nsteps) {
  for (int t = 0; t < nsteps; t++)
    for (long i = 0; i < N; i++)
      a[i] += 1;
}
