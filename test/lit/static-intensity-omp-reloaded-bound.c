// A worksharing loop whose body calls a function (a line transform per
// row): the chunk's end is read again from its slot after every call, so
// ScalarEvolution counts no trip. Nothing in the loop writes the slot: the
// bound is the value stored there last before the loop (the range the
// region stored before __kmpc_for_static_init, clamped). rows(a, m, n)
// over m rows of n: each row read and written once per call, 10 calls:
// 21 passes with the write before, exact. Before: 1.47, `high`.
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

__attribute__((noinline)) static void line(double *x, long n) {
  for (long i = 0; i < n; i++)
    x[i] = 0.5 * x[i];
}

void rows(double *a, long m, long n) {
#pragma omp parallel for
  for (long j = 0; j < m; j++)
    line(a + j * n, n);
}

int main(void) {
  long m = getn(), n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (21 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc(m * n * sizeof(double));
  for (long i = 0; i < m * n; i++)
    a[i] = 1.0;
  for (int it = 0; it < 10; it++)
    rows(a, m, n);
  return a[0] > 0.0;
}
