// A gather in a loop of unknown trip count is latency-bound whatever its
// count: the table is filled in two exact sweeps over its own size (2 passes,
// known), then looked up by hashed index once per event, m events, which
// nothing relates to its size (the count is BFI's guess). The sweeps
// outweigh the guess, yet the pattern is gather and the estimate says why,
// and its confidence is medium however exact the sweeps (the gathers' count
// is no count: it was high); a table only swept keeps its pattern.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static double *tab, *swept;

static unsigned long mix(unsigned long x) {
  x ^= x >> 31;
  x *= 0x9e3779b97f4a7c15UL;
  return x ^ (x >> 29);
}

double events(long n, long m) {
  double s = 0;
  for (long i = 0; i < m; i++) s += tab[mix((unsigned long)i) % (unsigned long)n];
  for (long i = 0; i < n; i++) s += swept[i];
  return s;
}

double run(long n, long m) {
  // CHECK: [[@LINE+1]]:9: remark: site 0x{{[0-9a-f]+}} 'tab' {{.*}} gather (streaming {{[0-9]+}}%{{.*}}gather {{[0-9]+}}%), confidence medium, {{.*}}, gathered in a loop of unknown trip count [-Rpass-analysis=oli]
  tab = malloc(n * sizeof *tab);
  // CHECK: [[@LINE+1]]:11: remark: site 0x{{[0-9a-f]+}} 'swept' {{.*}} streaming (streaming 100%){{.*}}, confidence high, {{[0-9]+}} accesses [-Rpass-analysis=oli]
  swept = malloc(n * sizeof *swept);
  for (long i = 0; i < n; i++) tab[i] = (double)i, swept[i] = 1.0;
  for (long i = 0; i < n; i++) tab[i] *= 0.5;
  return events(n, m);
}
