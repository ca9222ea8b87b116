// An init function stores two counts into fields, the elements' m^3 and the
// nodes' (m + 1)^3, and sizes an array in each. Another file's kernels loop
// to `d->nelem` and to `d->nnode`: each array's size has a second form in
// its own count's field (8 * nelem, 8 * nnode), for the join to meet those
// loops. Both counts are within 1/256 of each other at the sample point
// (m near 2047): the nearest is taken. Before, the first the pass met, in an
// order that changed from one compilation to the next: both arrays took one
// field, and the kernel over the other count was guessed (an outside trial's
// LULESH-like domain read x 103 or 39.2, e 21 or 9.59, build by build).
// The same error, the larger multiple: the rows (28 * n of a CSR matrix's int
// array, not 4 * nnz, nnz = 7 * n), which a product's loop in another file
// runs over, a row's entries its data (an outside trial's CSR code: 23.7
// passes of 21 as one file counts, 13.5 with nnz's).
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s
#include <stdlib.h>

typedef struct {
  long m, nelem, nnode;
  double *e, *xn;
} dom_t;

// CHECK-DAG: summary edge 0x{{[0-9a-f]+}} -> %struct.dom_t+24 x0, size {{.*}} at the sample point of %struct.dom_t+8{{$}}
// CHECK-DAG: summary edge 0x{{[0-9a-f]+}} -> %struct.dom_t+32 x0, size {{.*}} at the sample point of %struct.dom_t+16{{$}}
void dom_init(dom_t *d, long m) {
  d->m = m;
  d->nelem = m * m * m;
  d->nnode = (m + 1) * (m + 1) * (m + 1);
  d->e = malloc(d->nelem * sizeof(double));
  d->xn = malloc(d->nnode * sizeof(double));
  for (long i = 0; i < d->nelem; i++)
    d->e[i] = 1.0;
  for (long i = 0; i < d->nnode; i++)
    d->xn[i] = 0.0;
}

typedef struct {
  long n, nnz;
  int *col;
} csr_t;

// CHECK-DAG: summary edge 0x{{[0-9a-f]+}} -> %struct.csr_t+16 x1, size {{.*}} at the sample point of %struct.csr_t+0{{$}}
void csr_build(csr_t *a, long nx, long ny, long nz) {
  long n = nx * ny * nz;
  a->n = n;
  a->nnz = 7 * n;
  a->col = malloc(a->nnz * sizeof(int));
  for (long k = 0; k < a->nnz; k++)
    a->col[k] = (int)(k % n);
}
