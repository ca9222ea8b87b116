// A parallel region's bound shared as an expression the forking function
// computed by a division by a constant (`h = n / 2`, a coarser grid's or a
// half's length) is that expression at the sample point, in the caller's
// n: the allocation's. a: written once, then read whole (a[i] and a[i + h])
// by each of 10 calls: 11 passes, exact (4.13 guessed before).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

static double fold(const double *a, int n) {
  int h = n / 2;
  double t = 0.0;
#pragma omp parallel for reduction(+ : t)
  for (int i = 0; i < h; i++)
    t += a[i] * a[i + h];
  return t;
}

int main(void) {
  int n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (11 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc((unsigned long)n * sizeof(double));
  for (int i = 0; i < n; i++)
    a[i] = 1.0;
  double t = 0.0;
  for (int s = 0; s < 10; s++)
    t += fold(a, n);
  return t > 0.0;
}
