// Arrays that take turns in a short time loop handed to a parallel region,
// the loop unrolled: no phis rotate, each of the 6 forks is preceded by
// stores of u and v into the shared variables, the other way round each
// time. Each fork's region reads the array stored last into its source's
// variable and writes the one in its destination's, so each array is read
// on 3 forks and written on the other 3. u: filled once, then read 3 times
// on 3 forks and written on 3: 1 + 9 + 3 = 13 passes; v: 3 reads of 3 and
// 3 writes, 12. Counted in both roles on every fork (every store into a
// variable taken to reach every fork): 25 and 24.
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

static void step(double *restrict dst, const double *restrict src, long n) {
#pragma omp parallel for
  for (long i = 1; i < n - 1; i++)
    dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0;
}

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} (13 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *u = malloc(n * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'v' {{.*}} (12 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *v = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    u[i] = 1.0;
  for (int it = 0; it < 6; it++) {
    step(v, u, n);
    double *t = u;
    u = v;
    v = t;
  }
  return u[1] > v[1];
}
