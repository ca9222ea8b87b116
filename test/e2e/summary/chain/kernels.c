/* test/e2e/summary/chain: the kernels (e2e/summaries-chain) */
#include "chain.h"
void fill(double *a, long n) {
  for (long i = 0; i < n; i++) a[i] = (double)(i % 5);
}
void relax(double *a, long n) {
  for (long i = 0; i < n; i++) a[i] = 0.5 * a[i] + 1.0;
}
