// A loop bounded by a parameter of an internal function whose every call
// that runs passes the same constant has that trip count: `sweeps` is 2 in
// the calls of the outermost level; the 40 of the recursion's base case is
// not taken there (static-intensity-recursion.c). `g` is swept twice by a
// load and a store per call of `smooth` (4 passes each): 8 in all, 5 with
// BFI's guess for the `sweeps > 0` guard, not the 80 of its guess for a
// loop of unknown trip count.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static long n;
static double *g;

__attribute__((noinline)) static void smooth(double *a, int sweeps) {
  for (int s = 0; s < sweeps; s++)
    for (long i = 0; i < n; i++) a[i] *= 0.5;
}

__attribute__((noinline)) static void cycle(double *a, int l, int depth) {
  if (l == depth) {
    smooth(a, 40);
    return;
  }
  a[l] = 0.0; // the first difference keeps the calls apart
  smooth(a, 2);
  cycle(a, l + 1, depth);
  smooth(a, 2);
  a[l] = 1.0; // and the last: the two calls of smooth are not merged into one
}

int main(int argc, char **argv) {
  n = atol(argv[1]);
  // CHECK: [[@LINE+1]]:7: remark: site 0x{{[0-9a-f]+}} 'g' {{.*}}: {{.*}} accesses/byte ({{([4-9]|1[0-2])(\.[0-9]+)?}} passes), streaming
  g = malloc(n * sizeof *g);
  cycle(g, 0, argc + 4);
  return g[argc] > 0;
}
