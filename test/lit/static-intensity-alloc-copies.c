// An allocation jump threading copies onto the paths of a later test of the
// input: `steps = argc > 2 ? atoi(argv[2]) : 10` read after `n`, so the
// branch on argc is threaded through the malloc, one call per path, merged
// by a phi before the time loop. Each copy is a root of the site's flow and
// both reach the same calls after the phi: one call each time, not one per
// copy (the edge into kern's parameter counted 18.1 calls, twice the 9.06).
// The calls pass the phi of the input's n and its default, which is the
// input's value (SampleSpace::symbol), so the edge also gives the size in
// kern's n.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> kern#0 x{{9\.[0-9]+|10}}, size {{[0-9.e+]+}} at the sample point of kern#1, guessed
#include <stdlib.h>

void kern(double *a, long n);

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  double *a = malloc(n * sizeof *a);
  for (int t = 0; t < steps; t++)
    kern(a, n);
  return a[0] > 0;
}
