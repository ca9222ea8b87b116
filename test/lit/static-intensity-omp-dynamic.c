// A dynamic worksharing loop runs chunks that __kmpc_dispatch_next hands
// out: its dispatch loop counts once, entered whenever the region is (the
// first chunk of a range that is not empty goes to some thread), and the
// chunk loop's bound, read back from the slot the runtime writes, is the
// whole range's. a: written once, read by each of 5 regions: 6 passes,
// exact (21 guessed before).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (6 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = 1.0;
  double t = 0.0;
  for (int s = 0; s < 5; s++) {
#pragma omp parallel for schedule(dynamic, 100) reduction(+ : t)
    for (long i = 0; i < n; i++)
      t += a[i] * s;
  }
  return t > 0.0;
}
