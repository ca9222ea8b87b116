// A kernel called with main's n from main itself and through another
// function (`relax(a, n)`, `step(a, n)` calling `relax(a, n)`): main reads n
// back from the slot of its frame that a parallel region shares, so its
// operand is a load, and the callers agree by naming what the slot holds
// (the value main stored: the allocation's n). a: written once, then 1 + 4 x
// 2 sweeps that read and write it: 19 passes, exact (8.03 guessed before).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

__attribute__((noinline)) static void relax(double *a, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    a[i] = 0.5 * a[i] + 1.0;
}

__attribute__((noinline)) static void step(double *a, long n) {
  relax(a, n);
  relax(a, n);
}

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (19 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    a[i] = 1.0;
  relax(a, n);
  for (int k = 0; k < 4; k++)
    step(a, n);
  return a[0] > 0;
}
