// Through clang at -O2 the estimate runs at the end of the optimisation
// pipeline, on vectorised code (a <2 x double> load covers 16 bytes: the same
// 1/8 per byte as scalar code), and -Rpass-analysis=oli shows one remark per
// site at its allocation; a CSR matrix-vector product streams a and colidx
// (the unrolled row loop and its remainder loop together count once per
// element) and gathers x once per element of a (their sizes, nnz and n, are
// parameters of setup and the loop bounds spmv's own: those passes stay guessed).
// OLI_PASS_OPTIONS=static-intensity=0 turns it off; at -O0 nothing is
// optimised, so there is no estimate.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: env OLI_PASS_OPTIONS='static-intensity=0' %clang -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=O0
#include <stdlib.h>

static double *a, *x, *y;
static int *colidx;
static long *rowstr;

void spmv(long n) {
  for (long i = 0; i < n; i++) {
    double s = 0;
    for (long e = rowstr[i]; e < rowstr[i + 1]; e++)
      s += a[e] * x[colidx[e]];
    y[i] = s;
  }
}

void setup(long n, long nnz) {
  rowstr = malloc((n + 1) * sizeof *rowstr);
  colidx = malloc(nnz * sizeof *colidx);
  a = malloc(nnz * sizeof *a);
  x = malloc(n * sizeof *x);
  y = malloc(n * sizeof *y);
}
// CHECK: static-intensity-pipeline.c:[[#@LINE-6]]:12: remark: site 0x{{[0-9a-f]+}} 'rowstr' {{.*}}: {{[0-9.e+-]+}} accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence medium, 2 accesses, guessed trip counts
// CHECK: static-intensity-pipeline.c:[[#@LINE-6]]:12: remark: site 0x{{[0-9a-f]+}} 'colidx' {{.*}}: {{[0-9.e+-]+}} accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence medium, 5 accesses, guessed trip counts
// CHECK: static-intensity-pipeline.c:[[#@LINE-6]]:7: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}}: {{[0-9.e+-]+}} accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence medium, 5 accesses, guessed trip counts
// CHECK: static-intensity-pipeline.c:[[#@LINE-6]]:7: remark: site 0x{{[0-9a-f]+}} 'x' {{.*}}: {{[0-9.e+-]+}} accesses/byte ({{[0-9.e+]+}} passes), gather (gather 100%), confidence medium, 5 accesses, guessed trip counts
// CHECK: static-intensity-pipeline.c:[[#@LINE-6]]:7: remark: site 0x{{[0-9a-f]+}} 'y' {{.*}}: {{[0-9.e+-]+}} accesses/byte ({{[0-9.e+]+}} passes), streaming (streaming 100%), confidence medium, 1 accesses, guessed trip counts
// OFF-NOT: remark: site
// O0: remark: site 0x{{[0-9a-f]+}} 'rowstr' {{.*}}: no estimate (used in code that is not optimised)
// O0-NOT: accesses/byte
