// The vectoriser guards a loop over two arrays with a run-time overlap check
// (`(ptrtoint u) - (ptrtoint v) <u 32`) and keeps a scalar copy of the loop
// for overlapping arrays. Distinct objects never overlap, so at the sample
// point the vector loop runs and the scalar copy, and the unrolled remainder
// the vector loop leaves empty there, do not: a 2-D sweep through a function
// is one pass of each array per call (10 here), exact. Before, the overlap
// check was BranchProbabilityInfo's even guess and the dead remainder loop
// was taken to cover the arrays once more: 15 passes, then 20, guessed.
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static __attribute__((noinline)) void halve(double *dst, const double *src, long nx, long ny) {
  for (long j = 0; j < ny; j++)
    for (long i = 0; i < nx; i++)
      dst[j * nx + i] = 0.5 * src[j * nx + i];
}

int main(int argc, char **argv) {
  long nx = atol(argv[1]), ny = atol(argv[2]);
  // CHECK: remark: site 0x{{[0-9a-f]+}} {{.*}}: 1.25 accesses/byte (10 passes), streaming (streaming 100%), confidence high
  // CHECK: remark: site 0x{{[0-9a-f]+}} {{.*}}: 1.25 accesses/byte (10 passes), streaming (streaming 100%), confidence high
  double *a = malloc(nx * ny * 8), *b = malloc(nx * ny * 8);
  for (int it = 0; it < 10; it++)
    halve(a, b, nx, ny);
  return a[5] > 0;
}
