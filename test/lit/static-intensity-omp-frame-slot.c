// A size kept in a slot of main's frame that a parallel region shares
// (`n`, read by the first region by reference) is loaded afresh before each
// later fork, and a kernel inlined into a fully unrolled loop stores each
// load into its own region's slot: the slots hold one value, the one main
// stored (`(int)getn()`, the allocation's n), so the kernel's loop counts n.
// a: written once, then 10 sweeps that read and write it: 21 passes, exact
// (8.2 guessed before).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

static void relax(double *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0.5 * a[i] + 1.0;
}

int main(void) {
  int n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (21 passes), streaming (streaming 100%), confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  double *a = malloc((unsigned long)n * sizeof(double));
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 1.0;
  for (int s = 0; s < 10; s++)
    relax(a, n);
  return a[0] > 0;
}
