// The vectoriser guards a 2-D stencil over three arrays with range overlap
// checks (`lo1 <u hi2 && lo2 <u hi1`, pointer comparisons joined by `and`
// and `or`: the rows each array's accesses span differ, so no difference of
// two pointers tells) and keeps a scalar copy of the row loop for arrays
// that overlap. Distinct objects never do, so at the sample point the
// vector loop runs, and the sweep is exact: unew and f 1 pass a call (10
// calls), u the vector loop's loads of its four neighbours, which share
// the row's loads (3.49 a call). Before, the check was
// BranchProbabilityInfo's guess and the scalar copy was taken to cover the
// arrays as well: 57.4, 15 and 15 passes, guessed. (The outer loop's count
// is static-intensity-latch-phi.ll's.)
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static __attribute__((noinline)) void jacobi(double *unew, const double *u, const double *f, long nx, long ny) {
  for (long j = 1; j < ny - 1; j++)
    for (long i = 1; i < nx - 1; i++)
      unew[j * nx + i] = 0.25 * (u[j * nx + i - 1] + u[j * nx + i + 1] + u[(j - 1) * nx + i] +
                                 u[(j + 1) * nx + i] - f[j * nx + i]);
}

int main(int argc, char **argv) {
  long nx = atol(argv[1]), ny = atol(argv[2]);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}}: 4.36{{[0-9]*}} accesses/byte (34.9 passes), streaming (streaming 100%), confidence high
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'unew' {{.*}}: 1.24{{[0-9]*}} accesses/byte (9.98 passes), streaming (streaming 100%), confidence high
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'f' {{.*}}: 1.24{{[0-9]*}} accesses/byte (9.98 passes), streaming (streaming 100%), confidence high
  double *u = malloc(nx * ny * 8), *unew = malloc(nx * ny * 8), *f = malloc(nx * ny * 8);
  for (int it = 0; it < 10; it++)
    jacobi(unew, u, f, nx, ny);
  return unew[5] > 0;
}
