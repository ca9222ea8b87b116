// A function that calls itself counts its outermost calls (recursion adds
// nothing), and the outermost call does not stop at the base case: the
// branch between the recursive call and a return without it goes the
// recursive way (a V-cycle's finest level is not its coarsest), and the
// pointer the recursive call passes on adds no calls of its own. `g` is
// swept once per level by a load and a store (2 passes); the base case's
// 40 sweeps (taken half the time by BranchProbabilityInfo's guess: about 40
// passes more) are the innermost call's, and following the recursive call
// 16 levels deep would count about 30 more.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static long n;
static double *g;

__attribute__((noinline)) static void level(double *a, int l, int depth) {
  if (l == depth) {
    for (int s = 0; s < 40; s++)
      for (long i = 0; i < n; i++) a[i] += 1.0;
    return;
  }
  for (long i = 0; i < n; i++) a[i] *= 2.0;
  level(a, l + 1, depth);
  a[l] = 0.0; // work after the call: not a tail call made a loop
}

int main(int argc, char **argv) {
  n = atol(argv[1]);
  // CHECK: [[@LINE+1]]:7: remark: site 0x{{[0-9a-f]+}} 'g' {{.*}}: {{.*}} accesses/byte ({{[1-3](\.[0-9]+)?}} passes), streaming
  g = malloc(n * sizeof *g);
  level(g, 0, argc + 4);
  return g[argc] > 0;
}
