// Two arrays handed in turn to one parallel region (copy(b, a), then
// copy(a, b)): each fork stores its own array into the shared variable the
// region reads it through, so the region's accesses count per fork, as a
// kernel's parameter's count per call - the variable is no slot holding two
// objects at once, and neither estimate is `ambiguous`. a: written once,
// then 5 steps of one read and one write: 11 passes; b the same, high.
// Before: `low`, ambiguous.
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

void copy(double *restrict dst, const double *restrict src, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    dst[i] = src[i];
}

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (11 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'b' {{.*}} (11 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *b = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = 1.0, b[i] = 0.0;
  for (int it = 0; it < 5; it++) {
    copy(b, a, n);
    copy(a, b, n);
  }
  return a[0] > b[0];
}
