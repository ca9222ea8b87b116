// Arrays a function allocates in its parameter n (`alloc_p(n)`, kept out of
// line: other modules may call it, so its n is its own symbol, alloc_p#0),
// swept by loops in main to main's n, which main passes alloc_p: the size in
// the value every call here passes for the parameter is another form of it,
// in which main's loops count exactly (its symbols taken as sizes' too, so
// main's loops are counted at the sample point). p: filled once, then 10
// steps reading and writing it: 21 passes; v, read each step: 11. Before:
// 9.25 and 5.13, guessed (an outside trial's particle code read 15.1 of 41
// once its kernels' vector loops were decided to run). The time loop is kept
// rolled: unrolled ten times, each copy's guards are guessed.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

double *p, *v;
long getn(void);

__attribute__((noinline)) void alloc_p(long n) {
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'p' {{.*}} ({{2[01]([.][0-9]+)?}} passes), streaming
  p = malloc(n * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'v' {{.*}} ({{1[01]([.][0-9]+)?}} passes), streaming
  v = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    p[i] = (double)i, v[i] = 1.0;
}

int main(void) {
  long n = getn();
  alloc_p(n);
#pragma clang loop unroll(disable)
  for (int t = 0; t < 10; t++)
    for (long i = 0; i < n; i++)
      p[i] += 1e-3 * v[i];
  printf("%g\n", p[7]);
  return 0;
}
