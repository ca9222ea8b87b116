// A temporary a step function allocates and frees on each of its 10 calls:
// one object live at a time, so its passes are what all ten take over the
// size of one (the portable profile's bytes are the site's peak): written
// and read once a call, 20 passes. Not several objects of one site alive
// together (a filler called twice, `static-intensity-filler-called-twice.c`,
// whose objects each take a share): the function frees what it allocates.
// u: written once, then read twice and written once a call: 31.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'tmp' {{.*}} (20 passes), streaming (streaming 100%), confidence high
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}} (31 passes), streaming (streaming 100%), confidence high
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static void step(double *u, long n) {
  double *tmp = malloc(n * sizeof *tmp);
  for (long i = 0; i < n; i++)
    tmp[i] = 2 * u[i];
  for (long i = 0; i < n; i++)
    u[i] += tmp[i];
  free(tmp);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  double *u = malloc(n * sizeof *u);
  for (long i = 0; i < n; i++)
    u[i] = (double)i;
  for (int t = 0; t < 10; t++)
    step(u, n);
  printf("%g\n", u[3]);
  free(u);
  return 0;
}
