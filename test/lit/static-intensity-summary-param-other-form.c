// An array of m = nx * nx elements passed to another file's pack(m, nx, v, lo),
// which loops to m: the call passes nx, a symbol of the size, so the size goes
// to pack's key in its parameters as `8 * pack#1 * pack#1`, and pack's loop
// over pack#0 never met it (10.9 passes of 20, guessed, in an outside trial's
// halo code). The call also passes m, a length the size is a constant
// multiple of: the size's other form, `8 * pack#0`, an edge of weight 0 after
// the key's (common/summary.h, version 6), which the loop meets (20, high).
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

void pack(long m, long nx, const double *v, double *lo);

// CHECK: summary edge 0x{{[0-9a-f]+}} -> pack#3 x20, size {{.*}} at the sample point of pack#1{{$}}
// CHECK-NEXT: summary edge 0x{{[0-9a-f]+}} -> pack#3 x0, size {{.*}} at the sample point of pack#0{{$}}
int main(int argc, char **argv) {
  long nx = argc > 1 ? atol(argv[1]) : 64;
  long m = nx * nx, n = nx * m;
  double *v = malloc(n * sizeof(double));
  double *lo = malloc(m * sizeof(double));
  for (long i = 0; i < n; i++)
    v[i] = (double)(i % 11);
  double s = 0.0;
  for (int it = 0; it < 20; it++) {
    pack(m, nx, v, lo);
    s += lo[it] + v[it];
  }
  printf("%g\n", s);
  return 0;
}
