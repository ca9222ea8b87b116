// A solver loop that ends on data before its limit (`while (it < 1000 &&
// residual > tol)`, with a breakdown exit): its count is the input's.
// BranchProbabilityInfo's 1/32 per exit makes about 11 iterations of three
// exits; the limit says more: the middle of [1, 1000] on a log scale,
// sqrt(1000) = 31.6 iterations, still a guess (cg's solver runs 32 at
// class W). a: written once, read once per iteration: about 32 passes,
// confidence medium. Before: 16.7.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} ({{3[0-2]([.][0-9]+)?|33}} passes), streaming (streaming 100%), confidence medium, {{[0-9]+}} accesses, guessed trip counts [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = 1.0 / (double)(i + 1);
  double r = 1.0;
  int it = 0;
  while (it < 1000 && r > 1e-10) {
    double s = 0.0;
    for (long i = 0; i < n; i++)
      s += a[i];
    if (!(s > 0.0))
      break; /* breakdown */
    r = r - s * 1e-12;
    it++;
  }
  return it;
}
