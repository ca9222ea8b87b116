#include <stdlib.h>

#include "ell.h"

/* Four entries a row: the row width is the constant this file stores in
 * A->K, and the arrays are sized by it (n * 4), so no size names K. */
void ell_build(ell_t *A, long n) {
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
