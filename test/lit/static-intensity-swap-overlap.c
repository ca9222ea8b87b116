// A 2-D stencil over two grids swapped after every step (`t = u; u = v; v =
// t`) and a third read: the vectoriser tests the written grid's range
// against the read ones', and the grids are the time loop's two phis, which
// swap - on the way in two different objects, from the latch each other's
// values. They never overlap, so the vector loop runs; undecided, the tests
// were left to BranchProbabilityInfo and the scalar copy was counted beside
// the vector loop at half: u 19.5 passes, f 6.99, where the run makes 27
// (filled, 5 steps read 4 times, 5 written, a final sum), 26 and 11.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long nx = argc > 1 ? atol(argv[1]) : 1024, ny = argc > 2 ? atol(argv[2]) : 1024;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} ({{2[5-8]([.][0-9]+)?}} passes), streaming
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'v' {{.*}} ({{2[5-8]([.][0-9]+)?}} passes), streaming
  double *u = malloc(nx * ny * sizeof(double)), *v = malloc(nx * ny * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'f' {{.*}} ({{1[01]([.][0-9]+)?}} passes), streaming
  double *f = malloc(nx * ny * sizeof(double));
  for (long k = 0; k < nx * ny; k++)
    u[k] = 0, v[k] = 0, f[k] = (double)(k % 17);
  for (int t = 0; t < 10; t++) {
    for (long i = 1; i < nx - 1; i++)
      for (long j = 1; j < ny - 1; j++)
        v[i * ny + j] = 0.25 * (u[(i - 1) * ny + j] + u[(i + 1) * ny + j] + u[i * ny + j - 1] +
                                u[i * ny + j + 1] - f[i * ny + j]);
    double *tmp = u;
    u = v;
    v = tmp;
  }
  double s = 0;
  for (long k = 0; k < nx * ny; k++)
    s += u[k];
  printf("%g\n", s);
  return 0;
}
