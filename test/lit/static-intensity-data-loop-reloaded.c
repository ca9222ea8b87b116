// The same solver loop with its limit in a global the program sets once
// (`niter_max = 1000`, a Fortran COMMON block's variable as fcg's) and the
// loop calls a function of another file each iteration, so the limit is
// read again after each call: ScalarEvolution sees no constant, but the
// module stores only 1000 there, so the limit is 1000 as when written in
// the test (`static-intensity-data-loop-limit.c`): sqrt(1000) = 31.6
// iterations, a guess. a: written once, read once per iteration: about 32
// passes, medium. Before: 11.7 (BranchProbabilityInfo's guess alone).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void report(double);
void *malloc(unsigned long);
int niter_max;

int main(void) {
  long n = getn();
  niter_max = 1000;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} ({{3[0-2]([.][0-9]+)?|33}} passes), streaming (streaming 100%), confidence medium, {{[0-9]+}} accesses, guessed trip counts [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = 1.0 / (double)(i + 1);
  double r = 1.0;
  int it = 0;
  while (it < niter_max && r > 1e-10) {
    double s = 0.0;
    for (long i = 0; i < n; i++)
      s += a[i];
    if (!(s > 0.0))
      break; /* breakdown */
    r = r - s * 1e-12;
    report(r);
    it++;
  }
  return it;
}
