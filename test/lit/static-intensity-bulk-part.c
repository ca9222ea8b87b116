// A memcpy (or memset) whose length is an expression of the object's size
// counts the part it copies, not the whole object: a checkpoint buffer of 2n
// doubles filled by two copies of n and read once is 2 passes, not 3 (each
// copy was taken to sweep the whole buffer; an outside trial's checkpoint
// buffer missed the cold cut-off so).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static double *ckpt;
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : (1 << 21);
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  for (long i = 0; i < n; i++) a[i] = i, b[i] = 2 * i;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'ckpt' {{.*}}: 0.25 accesses/byte (2 passes), streaming (streaming 100%), confidence high
  ckpt = malloc(2 * n * sizeof *ckpt);
  memcpy(ckpt, a, n * sizeof *a);
  memcpy(ckpt + n, b, n * sizeof *b);
  double s = 0;
  for (long i = 0; i < 2 * n; i++) s += ckpt[i];
  printf("%f\n", s);
  return 0;
}
