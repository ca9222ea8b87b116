// An OpenMP loop with schedule(dynamic) runs its chunk loop inside a dispatch
// loop (__kmpc_dispatch_next_8): the chunks partition the iteration space, so
// the dispatch loop counts once and `a` is swept once per call of `scale`
// (a load and a store of each 8-byte element: at most 0.25 accesses per
// byte, less the share BFI gives the loops' guards), not once per chunk
// (BFI's guess for a loop of unknown exit: 32 chunks, over 3 accesses per
// byte). schedule(static) has no dispatch loop: `b` is swept once too.
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static double *a, *b;

void scale(long n) {
#pragma omp parallel for schedule(dynamic, 100)
  for (long i = 0; i < n; i++) a[i] *= 2.0;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) b[i] *= 2.0;
}

void setup(long n) {
  // CHECK: [[@LINE+1]]:7: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}}: {{0\.[0-2][0-9]*}} accesses/byte ({{.*}} passes), streaming (streaming 100%)
  a = malloc(n * sizeof *a);
  // CHECK: [[@LINE+1]]:7: remark: site 0x{{[0-9a-f]+}} 'b' {{.*}}: {{0\.[0-2][0-9]*}} accesses/byte ({{.*}} passes), streaming (streaming 100%)
  b = malloc(n * sizeof *b);
}
