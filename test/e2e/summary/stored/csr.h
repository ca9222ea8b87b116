#ifndef CSR_H
#define CSR_H
/* A CSR matrix whose row count csr_build keeps in A->n; the kernels loop to
 * A->n over vectors main allocates with its own n. */
typedef struct {
  int n, nnz;
  int *rowptr, *col;
  double *val;
} csr;
void csr_build(csr *A, int n);
void spmv(const csr *A, const double *x, double *y);
double dot(const csr *A, const double *a, const double *b);
void scale(const csr *A, double *x, const double *y, double s);
#endif
