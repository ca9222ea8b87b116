// A size main keeps in a slot of its frame that a parallel region shares
// (`N = n * n`, read back after a call, which might have changed it were the
// slot not only read) is the value stored there: the allocation's size and
// the kernel's bound (`scale(a, N)`, every call passing N loaded afresh) are
// the same n * n. a: read and written by each of 5 calls: 10 passes, exact
// (3.91 guessed before).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void report(double);
void *malloc(unsigned long);

__attribute__((noinline)) static void scale(double *a, long N) {
#pragma omp parallel for
  for (long i = 0; i < N; i++)
    a[i] = 0.5 * a[i] + 1.0;
}

int main(void) {
  long n = getn();
  long N = n * n;
  double s = 0.0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < N; i++)
    s += 1.0 / (double)(i + 1);
  report(s);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (10 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc(N * sizeof(double));
  for (int k = 0; k < 5; k++)
    scale(a, N);
  return a[0] > 0;
}
