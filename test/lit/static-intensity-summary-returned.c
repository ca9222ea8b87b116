// Access summaries of an allocation wrapper's own module: what alloc_vec
// returns is 8 times its parameter (every parameter samples at 2047:
// 16376 bytes), xmalloc's once its parameter, xcalloc's the product of its
// two; each RETURNED site gives an edge to the wrapper's result key
// ("alloc_vec#r") with that size, which callers in other files take to
// confirm their hypothesis (static-intensity-summary-wrapped.c). A size
// that is no constant times a product of parameters (square: n * n * 8,
// right at 2047 but not at a second point; padded: n * 8 + 64) gives none.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> alloc_vec#r x1, size 1.638e+04 at the sample point of alloc_vec#0{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> xmalloc#r x1, size 2047 at the sample point of xmalloc#0{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> xcalloc#r x1, size 4.19e+06 at the sample point of xcalloc#0,xcalloc#1{{$}}
// CHECK-NOT: square#r
// CHECK-NOT: padded#r

#include <stdlib.h>

double *alloc_vec(long n) {
  double *p = malloc((size_t)n * sizeof(double));
  if (!p)
    abort();
  return p;
}

void *xmalloc(unsigned long bytes) {
  void *p = malloc(bytes);
  if (!p)
    abort();
  return p;
}

void *xcalloc(unsigned long n, unsigned long size) {
  void *p = calloc(n, size);
  if (!p)
    abort();
  return p;
}

double *square(long n) { return malloc((size_t)(n * n) * sizeof(double)); }

double *padded(long n) { return malloc((size_t)n * sizeof(double) + 64); }
