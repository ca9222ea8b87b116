// A time loop whose counter a parallel region reads (`it`, shared: kept in
// a slot of the frame, loaded, tested before its step, stepped and stored
// back each iteration, so ScalarEvolution counts no trip) against a
// constant bound runs the latch's tests: 10 iterations, exact. a: written
// once, read and written by each of 10 regions: 21 passes (65 guessed
// before, BranchProbabilityInfo's 32 iterations).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (21 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = 1.0;
  for (int it = 0; it < 10; it++) {
#pragma omp parallel for
    for (long i = 0; i < n; i++)
      a[i] += it;
  }
  return a[0] > 0;
}
