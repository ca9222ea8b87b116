// A reduction in a parallel region: its chunk starts where the runtime
// says, so the loop unroller runs the odd iteration in a prologue and the
// loop proper steps by 2 to an equality exit, which ScalarEvolution cannot
// count (it cannot tell the distance is even). The count is (end - start)
// / 2 there. Written once, read once in each of 10 calls: 11 passes,
// exact. Before: 6.94 guessed.
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

double sumsq(const double *a, long n) {
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += a[i] * a[i];
  return s;
}

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} ({{11|10[.]9[0-9]*|11[.]0[0-9]*}} passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = 1.0;
  double t = 0.0;
  for (int it = 0; it < 10; it++)
    t += sumsq(a, n);
  return t > 0.0;
}
