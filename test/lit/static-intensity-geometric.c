// Geometric loops: an FFT's stages `for (len = 2; len <= n; len <<= 1)` over
// a line of n points run log2(n) times, each stage reading and writing every
// point once (2 passes each; 21 passes in all for n = 1024, 33 for 65536); a
// multigrid's levels `for (m = n; m > 4; m /= 2)` run log2(n / 4) times, each
// sweeping the first m elements (about 4 passes over all levels, 5 with the
// set-up). SCEV has no trip count for a doubling or halving induction
// variable with an end it does not know; with n unknown here (an argument of
// a function not inlined) the pass takes log2 of the ratio of the ends, the
// unknown one at 1024 (10 stages, 8 levels), not BranchProbabilityInfo's
// guess for a loop of unknown count (about 32: 72.2 and 35 passes before;
// 28.2 and 11 now - each level's sweep of an unknown m is taken to cover the
// array).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <complex.h>
#include <stdlib.h>

typedef double complex cplx;

__attribute__((noinline)) static void stages(cplx *a, int n) {
  for (int len = 2; len <= n; len <<= 1) {
    int half = len / 2;
    for (int i = 0; i < n; i += len)
      for (int j = 0; j < half; j++) {
        cplx t = a[i + j + half];
        a[i + j + half] = a[i + j] - t;
        a[i + j] += t;
      }
  }
}

__attribute__((noinline)) static void levels(double *a, long n) {
  for (long m = n; m > 4; m /= 2)
    for (long i = 0; i < m; i++)
      a[i] *= 0.5;
}

cplx *transform(int n) {
  // CHECK: [[@LINE+1]]:13: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} ({{1[5-9](\.[0-9]+)?|[23][0-9](\.[0-9]+)?}} passes), streaming
  cplx *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
  stages(a, n);
  return a;
}

double *hierarchy(long n) {
  // CHECK: [[@LINE+1]]:15: remark: site 0x{{[0-9a-f]+}} 'g' {{.*}} ({{[5-9]|1[0-9]}}{{(\.[0-9]+)?}} passes), streaming
  double *g = malloc(n * sizeof *g);
  for (long i = 0; i < n; i++)
    g[i] = i;
  levels(g, n);
  return g;
}
