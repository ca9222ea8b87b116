// A CSR matrix-vector product inlined into a time loop of 20 steps: each
// row's entries run from the row before's end (row_ptr[r + 1], loaded once
// and carried to the next row as its start, the loop unrolled by 4 after a
// prologue), so the entry loop's start is a value the row loop carries. It
// starts over from row_ptr[0] in each step: the sweep nest is the row
// loop's, each step sweeps col and val once - 21 passes as the run makes
// (23.7 here: the unrolled loop's remainder). Before, the carried start was
// taken to move in the time loop too, the whole run one sweep: 4.68 passes,
// `high` (an outside trial's CSR conjugate-gradient code).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n, nnz;
  long *row_ptr;
  int *col;
  double *val;
} csr_t;

static void csr_build(csr_t *a, long n) {
  a->n = n;
  a->nnz = 7 * n;
  a->row_ptr = malloc((n + 1) * sizeof(long));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a->col' {{.*}} ({{(19|2[0-5])([.][0-9]*)?}} passes), streaming
  a->col = malloc(a->nnz * sizeof(int));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a->val' {{.*}} ({{(19|2[0-5])([.][0-9]*)?}} passes), streaming
  a->val = malloc(a->nnz * sizeof(double));
  long e = 0;
  for (long r = 0; r < n; r++) {
    a->row_ptr[r] = e;
    for (long k = -3; k <= 3; k++) {
      a->col[e] = (int)((r + k + n) % n);
      a->val[e++] = k ? -1.0 : 6.5;
    }
  }
  a->row_ptr[n] = e;
}

static void spmv(const csr_t *a, const double *x, double *y) {
  for (long r = 0; r < a->n; r++) {
    double s = 0.0;
    for (long e = a->row_ptr[r]; e < a->row_ptr[r + 1]; e++)
      s += a->val[e] * x[a->col[e]];
    y[r] = s;
  }
}

int main(void) {
  long n = 1L << 18;
  csr_t a;
  csr_build(&a, n);
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    x[i] = 1.0 + (double)(i % 5);
  for (int it = 0; it < 20; it++) {
    spmv(&a, x, y);
    for (long i = 0; i < n; i++)
      x[i] = 0.1 * y[i];
  }
  printf("%g\n", x[3]);
  return 0;
}
