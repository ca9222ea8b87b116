// An ELLPACK matrix (column-major, K entries a row) whose row width is a
// struct field its builder sets to one constant (`A->K = 4`), then fills
// through int pointers in a nested loop: those int stores may alias `A->K`
// to the optimiser, which reloads it for the product's `k < A->K`, so
// ScalarEvolution counts no trip. The module stores 4 there and nothing
// else: the loop runs 4 times (a slot's one constant, as a COMMON block's
// limit is taken). col and val 16 passes (the fill, 15 products), x 61
// (gathered 4 times a product), y 135, as the run makes; before, the k loop
// was guessed: col 11, val 10.7, x 10.7, y 205.
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'A->col' {{.*}} (1{{[5-7]}}{{([.][0-9]+)?}} passes), streaming (streaming 100%)
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'A->val' {{.*}} (1{{[5-7]}}{{([.][0-9]+)?}} passes), streaming (streaming 100%)
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'y' {{.*}} (1{{[23]}}{{[0-9]}}{{([.][0-9]+)?}} passes)
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long n;
  int K;
  int *col;
  double *val;
} ell_t;

static void spmv(const ell_t *A, const double *x, double *y) {
  long n = A->n;
  for (long i = 0; i < n; i++)
    y[i] = 0.0;
  for (int k = 0; k < A->K; k++) {
    const int *c = A->col + k * n;
    const double *v = A->val + k * n;
    for (long i = 0; i < n; i++)
      y[i] += v[i] * x[c[i]];
  }
}

void build(ell_t *A, long n) {
  A->n = n;
  A->K = 4;
  A->col = malloc(n * 4 * sizeof(int));
  A->val = malloc(n * 4 * sizeof(double));
  for (int k = 0; k < 4; k++)
    for (long i = 0; i < n; i++) {
      A->col[k * n + i] = (int)((i + k * 729) % n);
      A->val[k * n + i] = 1.0;
    }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 524288;
  ell_t A;
  build(&A, n);
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    x[i] = 1.0;
  double s = 0.0;
  for (int t = 0; t < 15; t++) {
    spmv(&A, x, y);
    s += y[t];
    x[t] = s;
  }
  printf("%f\n", s);
  return 0;
}
