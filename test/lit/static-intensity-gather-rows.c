// Rows chosen by data: an inner sweep whose start comes from a hash, a
// random number or a search inside an outer loop of unknown trip count
// (a lookup per particle, per event) is a gather of rows, not a sweep:
// pattern gather (the rule keeps it on local DRAM; never cold). Rows whose
// starts are read in order from an array (a CSR matrix's rowstr[i]) are
// pieces of one sweep and stay streaming.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static double *tab, *csr;
static long *rowstr;

static unsigned long hash(unsigned long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdUL;
  return x ^ (x >> 33);
}

// CHECK-LABEL: remark: site 0x{{[0-9a-f]+}} 'tab' {{.*}}static-intensity-gather-rows.c:{{[0-9]+}}: {{[0-9.e+-]+}} accesses/byte ({{[0-9.e+-]+}} passes), gather (
double lookups(long rows, long width, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) {
    long r = (long)(hash((unsigned long)i) % (unsigned long)rows);
    for (long k = 0; k < width; k++) s += tab[r * width + k];
  }
  return s;
}

// CHECK-LABEL: remark: site 0x{{[0-9a-f]+}} 'csr' {{.*}}static-intensity-gather-rows.c:{{[0-9]+}}: {{[0-9.e+-]+}} accesses/byte ({{[0-9.e+-]+}} passes), streaming (
double rows_in_order(long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    for (long k = rowstr[i]; k < rowstr[i + 1]; k++) s += csr[k];
  return s;
}

int main(int argc, char **argv) {
  long rows = argc > 1 ? atol(argv[1]) : 1000, width = argc > 2 ? atol(argv[2]) : 64;
  tab = malloc(rows * width * sizeof *tab);
  csr = malloc(rows * width * sizeof *csr);
  rowstr = malloc((rows + 1) * sizeof *rowstr);
  for (long i = 0; i <= rows; i++) rowstr[i] = i * width;
  for (long i = 0; i < rows * width; i++) tab[i] = csr[i] = 1.0;
  return (int)(lookups(rows, width, 100000) + rows_in_order(rows));
}
