// A loop that ends on a pointer (`p != end`, no integer counter) and calls
// out, so it stays a loop (a destructor's over a vector of vectors, `free`
// of each row): the estimate took the pointers' test for an integer one
// (its bit width from a pointer type) and the row loop's count for a
// pointers' difference ScalarEvolution cannot subtract: clang died with
// "SmallVector unable to grow" at -O1 and above. It compiles, the rows'
// table estimated.
// RUN: %clang -O1 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'rows' {{.*}} passes)
#include <stdlib.h>

void g(void);

void clear(double *b, double *e) {
  for (double *p = b; p != e; ++p) {
    *p = 0;
    g();
  }
}

void release(double **b, double **e) {
  for (double **p = b; p != e; ++p)
    free(*p);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 16;
  double **rows = malloc(n * sizeof *rows);
  for (long i = 0; i < n; i++)
    rows[i] = malloc(64);
  clear(rows[0], rows[0] + 8);
  release(rows, rows + n);
  free(rows);
  return 0;
}
