// A loop over tiles of a constant 4096 elements, `for (off = 0; off < n;
// off += 4096)` around a 4096-element sweep: its trip count `(n + 4095) /
// 4096` is 1 at the sample point (n about 2000), n / 4096 at run time, so the
// ratio to the size taken there (4096 elements per ~2000: 61.6 passes where
// a run makes 22, `high`) does not hold at real sizes. A division by a
// constant above a sixteenth of its dividend's values is not evaluated
// there: the tile loop's count is the estimate's guess, and the confidence
// says so (22 passes, `medium`).
// (A remainder loop's small quotient of large values, `(n - n.vec - 2) / 2`,
// still is: e2e/summaries-wrapper.)
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: site {{.*}} 'c' {{.*}} streaming (streaming 100%), confidence medium, {{.*}}guessed trip counts

#include <stdio.h>
#include <stdlib.h>

long getn(void);

static void scale(double *x, double s, long n) {
  for (long i = 0; i < n; i++)
    x[i] *= s;
}

int main(void) {
  long n = getn();
  double *c = malloc(n * sizeof(double));
  if (!c)
    return 1;
  for (long i = 0; i < n; i++)
    c[i] = 3.0;
  for (int it = 0; it < 10; it++)
    for (long off = 0; off < n; off += 4096)
      scale(c + off, 0.999, 4096);
  double s = 0;
  for (long i = 0; i < n; i++)
    s += c[i];
  printf("%g\n", s);
  free(c);
  return 0;
}
