// End to end, C: a small HPC-style program compiled with the plugin at -O2
// and linked with the stub runtime runs correctly; the stub lists every site
// with file:line, function, object name, size hint and how many allocations
// it saw (wrapper calls attribute the inner malloc to the caller's site).
// RUN: %clang -O1 -c -I%oli_include %stub_runtime -o %t.stub.o
// RUN: cd %S && env OLI_PASS_OPTIONS=root=%S %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %s -o %t.o
// RUN: %clang %t.o %t.stub.o -o %t.exe
// RUN: %t.exe | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

#define N 4096
static double matrix[N * 64];  // 2 MiB .bss: registered before main
double *x, *y;

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    abort();
  return p;
}

int main(int argc, char **argv) {
  size_t n = argc > 100 ? 1 : N;
  x = xmalloc(n * sizeof *x);
  y = calloc(n, sizeof *y);
  double *tmp = malloc(1 << 16);
  for (size_t i = 0; i < n; i++) {
    x[i] = (double)i;
    matrix[i] = 2.0;
  }
  for (size_t i = 0; i < n; i++)
    y[i] += matrix[i] * x[i];
  tmp[0] = y[n - 1];
  printf("y[n-1] = %.1f\n", tmp[0]);
  free(tmp);
  free(x);
  free(y);
  return 0;
}

// CHECK: y[n-1] = 8190.0
// CHECK: stub: version-check=1
// CHECK: global name=matrix size=2097152 aligned=1
// CHECK-DAG: site id={{[0-9a-f]+}} kind=1 at=e2e-c.c:17 func=xmalloc name=p size=? count=0
// CHECK-DAG: site id={{[0-9a-f]+}} kind=15 at=e2e-c.c:25 func=main name=x size=? count=1
// CHECK-DAG: site id={{[0-9a-f]+}} kind=2 at=e2e-c.c:26 func=main name=y size=? count=1
// tmp's malloc/free pair is dead at -O2 and the optimiser removed it, as it
// does for malloc: the site stays listed, with no allocation.
// CHECK-DAG: site id={{[0-9a-f]+}} kind=1 at=e2e-c.c:27 func=main name=tmp size=65536 count=0
// CHECK-DAG: site id={{[0-9a-f]+}} kind=12 at=e2e-c.c:0 func= name=matrix size=2097152 count=1
