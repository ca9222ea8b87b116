// Access summaries of an allocation wrapper's own module: what alloc_vec
// returns is 8 times its parameter (every parameter samples at 2047:
// 16376 bytes), xmalloc's once its parameter, xcalloc's the product of its
// two; each RETURNED site gives an edge to the wrapper's result key
// ("alloc_vec#r") with that size, which callers in other files take to
// confirm their hypothesis (static-intensity-summary-wrapped.c). A multiple
// to within 1/64 at 2047 and at a second point is one (padded: n * 8 + 64;
// lines: rounded up to 64 bytes; both 8 * n at real sizes). A size that is
// no constant times a product of parameters (square: n * n * 8, right at
// 2047 but not at a second point; huge: rounded up to 2 MiB, one block at
// any size near the sample point; the struct grid_create returns, sizeof *g)
// gives size 0: no caller's hypothesis holds.
// An object stored into what a wrapper returns (grid_create's g->u, flagged
// RETURNED too) is no returned object: no edge (a caller's hypothesis about
// g confirmed by g->u's size was the join's mistake before). What a wrapper
// does to the object it returns is a USE of the same key, in its parameters
// (dzeros' zeroing loop: 2047 stores, one pass), which the callers' joins add.
// A wrapper of posix_memalign returns what a load of its slot gives: a
// wrapper too (its object RETURNED), sized in its second parameter.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=GRID --implicit-check-not=grid_create#r

// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> alloc_vec#r x1, size 1.638e+04 at the sample point of alloc_vec#0{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> xmalloc#r x1, size 2047 at the sample point of xmalloc#0{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> xcalloc#r x1, size 4.19e+06 at the sample point of xcalloc#0,xcalloc#1{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> square#r x1, size 0 at the sample point of {{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> padded#r x1, size 1.638e+04 at the sample point of padded#0{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> lines#r x1, size 2047 at the sample point of lines#0{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> huge#r x1, size 0 at the sample point of {{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> alloc_3d#r x1, size 6.862e+10 at the sample point of alloc_3d#0,alloc_3d#1,alloc_3d#2{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> aligned#r x1, size 2047 at the sample point of aligned#1{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> dzeros#r x1, size 1.638e+04 at the sample point of dzeros#0{{$}}
// CHECK-DAG: oli: summary use dzeros#r: {{.*}}; at the sample point of dzeros#0: streaming 0/byte+2047, passes 0/byte+1.638e+04 bytes
// GRID: oli: summary edge 0x{{[0-9a-f]+}} -> grid_create#r x1, size 0 at the sample point of {{$}}

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

void *lines(unsigned long bytes) { return malloc((bytes + 63) & ~63ul); }

void *huge(unsigned long bytes) { return malloc((bytes + (2ul << 20) - 1) & ~((2ul << 20) - 1)); }

typedef struct {
  long n;
  double *u;
} grid_t;

grid_t *grid_create(long n) {
  grid_t *g = malloc(sizeof *g);
  if (!g)
    abort();
  g->n = n;
  g->u = malloc((size_t)n * sizeof(double));
  if (!g->u)
    abort();
  return g;
}

double *dzeros(long n) {
  double *p = malloc((size_t)n * sizeof(double));
  if (!p)
    abort();
  for (long i = 0; i < n; i++)
    p[i] = 0.0;
  return p;
}

double *alloc_3d(long nx, long ny, long nz) { return malloc((size_t)(nx * ny * nz) * sizeof(double)); }

void *aligned(unsigned long align, unsigned long bytes) {
  void *p = NULL;
  if (posix_memalign(&p, align, bytes) != 0)
    abort();
  return p;
}
