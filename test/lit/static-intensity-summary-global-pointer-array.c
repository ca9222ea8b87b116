// A multigrid's levels in a global array of pointers (`u[l] = malloc(..)`,
// the loop unrolled into stores at u+0 ... u+24) swept by another file's
// kernel through `u[l]` at a variable index: that load reads no element's
// key, so no USE of the keys comes, and the join took their silence for no
// accesses: 1.87 passes, confidence `high` (a cold array, which a DRAM
// budget sends to CXL) where the run makes 39.4. The object is now
// ambiguous there: confidence low (the runtime does not call it cold).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %s -o main.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/global-pointer-array-kern.c -o kern.o
// RUN: %clang main.o kern.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s
// CHECK: alloc u ? {{[0-9.e+-]+}} {{[0-9.e+-]+}} {{[a-z]+}} low
#include <stdio.h>
#include <stdlib.h>

double *u[4];
long N[4];

void sweep(int l);

void alloc(long n) {
  for (int l = 0; l < 4; l++) {
    N[l] = n >> l;
    u[l] = malloc(N[l] * sizeof(double));
    for (long i = 0; i < N[l]; i++)
      u[l][i] = 0.0;
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 20;
  alloc(n);
  for (int s = 0; s < 10; s++)
    for (int l = 0; l < 4; l++)
      sweep(l);
  printf("%g\n", u[0][1]);
  return 0;
}
