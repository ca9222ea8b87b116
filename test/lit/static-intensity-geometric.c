// A geometric loop: an FFT's stages `for (len = 2; len <= n; len <<= 1)`
// over a line of n points run log2(n) times, each stage reading and writing
// every point once (2 passes each; 21 passes in all for n = 1024, 33 for
// 65536). SCEV has no trip count for a doubling induction variable; with n
// unknown here (an argument of a function not inlined) the pass takes log2
// of a bound of 1024 (10 stages), not BranchProbabilityInfo's guess for a
// loop of unknown count (about 32 stages: 72.2 passes before); 28.2 here.
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

cplx *transform(int n) {
  // CHECK: [[@LINE+1]]:13: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} ({{1[5-9](\.[0-9]+)?|[23][0-9](\.[0-9]+)?}} passes), streaming
  cplx *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
  stages(a, n);
  return a;
}
