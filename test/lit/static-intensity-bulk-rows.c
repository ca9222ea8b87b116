// A copy of a 2-D array's interior, row by row, which the optimiser makes one
// memcpy of (nx - 2) elements per row: the rows' loop moves the destination
// (the memcpys tile it), and its trip count and the length are known at the
// sample point, so the copies count their bytes: v written once by the
// set-up and 10 times (nearly) whole by the copies, 11 passes; u read 10
// times, 11 with its set-up. Before, each memcpy was taken to tile the
// object once per entry of its loops, guessed: 4 passes, medium (3 passes
// a copy in a 3-D trial).
// RUN: %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: remark: site {{.*}} 'u' {{.*}} ({{10.9|11}} passes), streaming (streaming 100%), confidence high
// CHECK: remark: site {{.*}} 'v' {{.*}} ({{10.9|11}} passes), streaming (streaming 100%), confidence high

#include <stdio.h>
#include <stdlib.h>

long getn(void);

static void copy_rows(double *restrict dst, const double *restrict src, long nx, long ny) {
  for (long j = 1; j < ny - 1; j++)
    for (long i = 1; i < nx - 1; i++)
      dst[j * nx + i] = src[j * nx + i];
}

int main(void) {
  long nx = getn(), ny = getn();
  double *u = malloc(nx * ny * sizeof(double));
  double *v = malloc(nx * ny * sizeof(double));
  if (!u || !v)
    return 1;
  for (long k = 0; k < nx * ny; k++)
    u[k] = (double)(k & 7), v[k] = 0.0;
  for (int it = 0; it < 10; it++)
    copy_rows(v, u, nx, ny);
  printf("%g\n", v[nx + 1]);
  return 0;
}
