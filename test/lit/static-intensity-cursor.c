// An array filled through a count that grows by nothing or more each
// iteration (`out[k++] = v` under conditions: a CSR matrix built row by row,
// a filtered copy, a bank appended to) is swept, not gathered: each access
// is at the element after the last one's. Also when the count is kept in
// memory (`b->v[b->n++]`, reloaded after each store) and the array's base is
// reloaded from the struct each iteration (a store may alias its slot).
// And when the count is one of several chosen by data (`out[cnt[b]++] = k`,
// a radix sort's scatter: each bucket's elements follow one another; the
// IS-like kernel's key_buff2 read as a gather before). Before, the first read `unknown` and the kept count `gather` (an outside
// trial's CSR values were kept on local DRAM as latency-bound).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>
typedef struct { long n; int *col; double *val; } mat_t;
typedef struct { long n; double *v; } bank_t;

__attribute__((noinline)) void build(mat_t *A, int m) {
  long k = 0;
  for (int i = 0; i < m; i++) {
    if (i > 0) { A->col[k] = i - 1; A->val[k++] = -1.0; }
    A->col[k] = i; A->val[k++] = 2.0;
    if (i < m - 1) { A->col[k] = i + 1; A->val[k++] = -1.0; }
  }
  A->n = k;
}

__attribute__((noinline)) void keep(bank_t *b, const double *x, int m) {
  for (int i = 0; i < m; i++)
    if (x[i] > 0.5) b->v[b->n++] = x[i];
}

__attribute__((noinline)) void scatter(int *out, const int *key, long *cnt, long n, int shift) {
  for (long i = 0; i < n; i++) {
    int k = key[i];
    out[cnt[k >> shift]++] = k;
  }
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 1000000;
  mat_t A;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'A.col' {{.*}}: {{.*}} passes), streaming (streaming 100%)
  A.col = malloc(3 * (size_t)m * sizeof(int));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'A.val' {{.*}}: {{.*}} passes), streaming (streaming 100%)
  A.val = malloc(3 * (size_t)m * sizeof(double));
  build(&A, m);
  // CHECK: remark: site 0x{{[0-9a-f]+}} '-' {{.*}}: {{.*}} passes), streaming (streaming 100%)
  bank_t b = {0, malloc((size_t)m * sizeof(double))};
  keep(&b, A.val, m);
  long cnt[16] = {0};
  for (int i = 0; i < m; i++) cnt[A.col[i] >> 28]++;
  for (int q = 0, pos = 0; q < 16; q++) { long c = cnt[q]; cnt[q] = pos; pos += c; }
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'sorted' {{.*}}: {{.*}} passes), streaming (streaming 100%)
  int *sorted = malloc((size_t)m * sizeof(int));
  scatter(sorted, A.col, cnt, m, 28);
  return (int)(A.n + b.n) + sorted[m / 2];
}
