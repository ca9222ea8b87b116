// A parallel loop over four global arrays and a scalar the region shares
// (`dt`, read through the region's slot): the vectoriser tests each pair of
// ranges for overlap, seven tests or-ed one after another, before its vector
// loop. Each test compares distinct objects, so the chain is false and the
// vector loop runs; decided only four tests deep, the chain was left to
// BranchProbabilityInfo and the scalar copy was counted beside the vector
// loop: px 31 and vx 16 passes where the run makes 21 and 11 (the fill, then
// 10 calls reading px, py, vx, vy and writing px, py).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

double *px, *py, *vx, *vy;

void alloc_p(long n) {
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'px' {{.*}} ({{2[01]([.][0-9]+)?}} passes), streaming
  px = malloc(n * sizeof(double));
  py = malloc(n * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'vx' {{.*}} ({{1[01]([.][0-9]+)?}} passes), streaming
  vx = malloc(n * sizeof(double));
  vy = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    px[i] = (double)i, py[i] = 1.0, vx[i] = 1.0, vy[i] = 2.0;
}

void push(long n, double dt) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    double x = px[i] + dt * vx[i], y = py[i] + dt * vy[i];
    px[i] = x;
    py[i] = y;
  }
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1048576;
  alloc_p(n);
  for (int t = 0; t < 10; t++)
    push(n, 1e-4);
  printf("%g\n", px[7]);
  return 0;
}
