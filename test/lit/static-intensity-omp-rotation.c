// Arrays that take turns in a time loop (`t = u; u = v; v = t`) handed to a
// parallel region: the fork stores the turning pointers into the shared
// variables its region reads, and each array is there on half of the steps
// (as a kernel's argument is, rotation). u and v: written once, then each
// of 20 steps reads one and writes the other: 1 + 20 = 21 passes each.
// Counted in both roles on every step: 41.
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

void step(double *restrict dst, const double *restrict src, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    dst[i] = 0.5 * src[i];
}

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} (21 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *u = malloc(n * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'v' {{.*}} (21 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *v = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    u[i] = 1.0, v[i] = 0.0;
  for (int it = 0; it < 20; it++) {
    step(v, u, n);
    double *t = u;
    u = v;
    v = t;
  }
  return u[0] > v[0];
}
