// A periodic stencil's neighbours wrap their indices with a mask,
// `(j + 1) & m` and `m & (k + 1)` with the mask on either side of the `and`:
// an index in order, not one chosen by data. The row a neighbour's sweep
// starts at moves with the outer loop through such a wrap (`(j + 1) & m`),
// and the inner loop's own wrap (`(k + 1) & m`) moves the start as seen from
// the outer loop: neither makes the rows gathered, so `u` streams (it read
// `gather`, gathered in a loop of unknown trip count, for 4 of its 5 loads).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static double *u, *r;

void stencil(int n) {
  const int m = n - 1;
  for (int j = 0; j < n; j++)
    for (int k = 0; k < n; k++)
      r[(size_t)j * n + k] = 4.0 * u[(size_t)j * n + k] - u[(size_t)((j + 1) & m) * n + k] -
                             u[(size_t)((j + m) & m) * n + k] - u[(size_t)j * n + (m & (k + 1))] -
                             u[(size_t)j * n + ((k + m) & m)];
}

void setup(long n) {
  // CHECK: [[@LINE+1]]:7: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} passes), streaming (streaming 100%)
  u = calloc(n * n, sizeof *u);
  r = malloc(n * n * sizeof *r);
}
