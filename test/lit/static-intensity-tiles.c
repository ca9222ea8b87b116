// A function that sweeps one line of an object, called once per line with a
// pointer that moves through the object (`scale_line(g + j * nx, nx)`, as
// an FFT per grid line): the line's loop walks a part of the object, and
// the caller's loop, which moves the pointer, tiles the object with those
// parts. So the line's sweep counts once per entry of the caller's loop
// (a load and a store of each element: about 2 passes), not once per call
// (over a thousand passes: the loop over the lines runs ny times at the
// sample point). The line length is a parameter the callers pass different
// values for, so it cannot be related to the object's size.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static long nx, ny;
static double *g;

__attribute__((noinline)) static void scale_line(double *a, long n) {
  for (long i = 0; i < n; i++) a[i] *= 2.0;
}

int main(int argc, char **argv) {
  nx = atol(argv[1]);
  ny = atol(argv[2]);
  // CHECK: [[@LINE+1]]:7: remark: site 0x{{[0-9a-f]+}} 'g' {{.*}}: {{.*}} accesses/byte ({{[0-2](\.[0-9]+)?}} passes), streaming
  g = malloc(nx * ny * sizeof *g);
  double *t = malloc(16 * sizeof *t);
  for (long j = 0; j < ny; j++)
    scale_line(g + j * nx, nx);
  scale_line(t, 16);
  return g[argc] + t[argc] > 0;
}
