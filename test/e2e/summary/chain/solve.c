/* test/e2e/summary/chain: the driver, no access of its own (e2e/summaries-chain) */
#include "chain.h"
void solve(double *a, long n) {
  for (int it = 0; it < 10; it++) relax(a, n);
}
