#ifndef ELL_H
#define ELL_H
/* An ELLPACK matrix, column-major: K entries a row, K set by ell_build. */
typedef struct {
  long n;
  int K;
  int *col;
  double *val;
} ell_t;
void ell_build(ell_t *A, long n);
void spmv(const ell_t *A, const double *x, double *y);
#endif
