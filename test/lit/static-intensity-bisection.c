// A binary search per key (XSBench's union-grid lookup, a sorted table):
// the table is a gather whose address halves an interval in the search
// loop. The key loop is taken to cover the table once, one search per
// element, and each search probes log2(elements) of them, of a nominal
// 1 MiB object: 17 probes per 8-byte element, 17 times `x`, gathered once
// per key through `idx` (both scaled alike by BFI's guess that the key loop
// is entered on 5/8 of the calls).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static double *tab, *keys, *x;
static int *idx;

static long find(const double *t, long n, double k) {
  long lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (t[mid] <= k) lo = mid; else hi = mid;
  }
  return lo;
}

double lookups(long n, long m) {
  double s = 0;
  for (long i = 0; i < m; i++) s += (double)find(tab, n, keys[i]) + x[idx[i]];
  return s;
}

void setup(long n, long m) {
  // CHECK: [[@LINE+1]]:9: remark: site 0x{{[0-9a-f]+}} 'tab' {{.*}}: 1.328 accesses/byte (10.6 passes), gather (gather 100%)
  tab = malloc(n * sizeof *tab);
  keys = malloc(m * sizeof *keys);
  // CHECK: [[@LINE+1]]:7: remark: site 0x{{[0-9a-f]+}} 'x' {{.*}}: 0.07813 accesses/byte (0.625 passes), gather (gather 100%)
  x = malloc(n * sizeof *x);
  idx = malloc(m * sizeof *idx);
}
