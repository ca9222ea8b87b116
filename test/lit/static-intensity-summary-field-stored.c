// The records that let the join meet a field another file stores a
// parameter into with a size in the caller's own value (common/summary.h,
// version 8): the builder's module says that csr_build stores its parameter
// 1 into A->n and nothing else there ("csr_build#1 -> %struct.csr+0",
// stores); main's module sizes x, whose size has no shared symbol, in its own
// n named as its call edges name it ("%main.N:<module>"), and its call edge
// names that value for csr_build#1. A kernel in a third file looping to A->n
// then counts exactly against x (test/e2e/summary/stored).
// RUN: %clang -O2 -DBUILDER -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.b.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.b.ll 2>&1 | FileCheck %s --check-prefix=BUILDER
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.m.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.m.ll 2>&1 | FileCheck %s --check-prefix=MAIN
#include <stdlib.h>

typedef struct {
  int n;
  double *d;
} csr;

#ifdef BUILDER
// BUILDER: oli: summary edge csr_build#1 -> %struct.csr+0 x0, stores
// BUILDER-NOT: stores
void csr_build(csr *A, int n) {
  A->n = n;
  A->d = malloc((size_t)n * sizeof(double));
  for (int i = 0; i < n; i++)
    A->d[i] = 2.0;
}
// a static function's parameter: no record (no other module calls it)
typedef struct {
  int n;
} vec;
static __attribute__((noinline)) void vec_len(vec *v, int n) { v->n = n; }
void vec_init(vec *v, int m) { vec_len(v, m); }
#else
void csr_build(csr *A, int n);
void spmv(const csr *A, const double *x, double *y);

// MAIN: oli: summary edge 0x{{[0-9a-f]+}} -> spmv#1 x10, size {{[0-9.e+]+}} at the sample point of [[N:%main[.][0-9]+:.*]]
// MAIN: oli: summary edge main() -> csr_build() x1, parameters csr_build#1=[[N]]{{$}}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000000;
  csr A;
  csr_build(&A, n);
  double *x = malloc((size_t)n * sizeof(double));
  double *y = malloc((size_t)n * sizeof(double));
  for (int i = 0; i < n; i++)
    x[i] = 1.0;
  for (int t = 0; t < 10; t++)
    spmv(&A, x, y), spmv(&A, y, x);
  return (int)x[3];
}
#endif
