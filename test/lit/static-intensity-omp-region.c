// Pass counts through a parallel region: `#pragma omp parallel for` puts
// the loop in the function clang outlines and __kmpc_fork_call runs; the
// region reads the array and its bound through the shared variables the
// fork passes, and the worksharing loop runs the range the region stores
// before __kmpc_for_static_init (clang stores its chunk's end back clamped,
// beside lifetime markers). The kernel is inlined into main, which forks the
// region in its time loop; the kernel's own copy, which only other modules
// could call, forks it too. The bound read in the region is main's n, the
// allocation's: written once, then 10 steps of a load and a store: 21
// passes, exact. Before: 6.47 guessed.
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

void scale(double *a, long n, double s) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    a[i] *= s;
}

int main(void) {
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (21 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = 1.0;
  for (int it = 0; it < 10; it++)
    scale(a, n, 0.5);
  return a[0] > 0.0;
}
