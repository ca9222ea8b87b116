#include <stdlib.h>

#include "csr.h"

/* The 1-D Laplacian: three nonzeros in each interior row. */
void csr_build(csr *A, int n) {
  A->n = n;
  A->nnz = 3 * n - 2;
  A->rowptr = malloc((size_t)(n + 1) * sizeof(int));
  A->col = malloc((size_t)A->nnz * sizeof(int));
  A->val = malloc((size_t)A->nnz * sizeof(double));
  int k = 0;
  for (int i = 0; i < n; i++) {
    A->rowptr[i] = k;
    for (int j = i - 1; j <= i + 1; j++)
      if (j >= 0 && j < n)
        A->col[k] = j, A->val[k] = j == i ? 2.0 : -1.0, k++;
  }
  A->rowptr[n] = k;
}
