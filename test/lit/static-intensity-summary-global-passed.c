// An array main allocates into a global and hands to another file's kernel
// 10 times (`kern(g, n)`, two sweeps a call): the site's own flow reaches
// the call, and so does the global's key root in main, whose edge into
// "kern#0" lists the site (its own edges have it: common/summary.h,
// version 7). 1 + 10 x 2 = 21 passes, as the run makes; before, the two
// edges were both counted: 39.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %s -o main.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/global-passed-kern.c -o kern.o
// RUN: %clang main.o kern.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: main g ? {{[0-9.]+}} 21 streaming high

#include <stdio.h>
#include <stdlib.h>

double *g;
void kern(double *a, long n);

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  g = malloc(n * sizeof *g);
  for (long i = 0; i < n; i++)
    g[i] = i;
  for (int it = 0; it < 10; it++)
    kern(g, n);
  printf("%g\n", g[n - 1]);
  return 0;
}
