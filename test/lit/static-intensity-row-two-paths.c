// A 2-D sweep whose column loop is guarded inside the row loop (`ny > 2`
// tested per row, a 2-row stencil's vector and remainder paths each
// computing `i + 1`): the row loop's counter is a header phi whose next
// value is a phi of those two `i + 1`, an induction ScalarEvolution does not
// recognise. Taken for one, the rows' addresses move with the row loop and
// not with the time loop around it, so a time loop of the program's default
// (10 steps, guessed) counts 10 sweeps: f 11, u 22, v 12, as the run makes.
// Before, the nest was taken to reach the time loop and to cover the object
// once in all: f 2.01, u 4.01, v 3.01 - v at high confidence.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long nx = argc > 1 ? atol(argv[1]) : 1024, ny = argc > 2 ? atol(argv[2]) : 1024;
  int steps = argc > 3 ? atoi(argv[3]) : 10;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'f' {{.*}} ({{1[01]([.][0-9]+)?}} passes), streaming
  double *f = malloc(nx * ny * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} ({{2[12]([.][0-9]+)?}} passes), streaming
  double *u = malloc(nx * ny * sizeof(double));
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'v' {{.*}} ({{1[12]([.][0-9]+)?}} passes), streaming
  double *v = malloc(nx * ny * sizeof(double));
  for (long k = 0; k < nx * ny; k++)
    f[k] = (double)(k % 17), u[k] = 0, v[k] = 0;
  for (int t = 0; t < steps; t++)
    for (long i = 1; i < nx - 1; i++)
      for (long j = 1; j < ny - 1; j++)
        v[i * ny + j] = u[(i - 1) * ny + j] + u[(i + 1) * ny + j] + f[i * ny + j];
  double s = 0;
  for (long k = 0; k < nx * ny; k++)
    s += u[k] + v[k];
  printf("%g\n", s);
  free(f), free(u), free(v);
  return 0;
}
