// Chained gathers: an address that waits for a value the iteration before
// loaded from an address of the same chain - a binary search's bounds
// (`tab`), a linked list's `p = p->next` (`pool`) - makes the site
// `chained` (the planner's hits then cost a dependent load each); `x[idx[i]]`
// gathers `x` by loaded indices that do not wait for each other (`x`, not
// chained).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

struct node {
  struct node *next;
  double v;
};

static double *tab, *keys, *x;
static int *idx;
static struct node *pool;

static long find(const double *t, long n, double k) {
  long lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (t[mid] <= k) lo = mid; else hi = mid;
  }
  return lo;
}

double lookups(long n, long m) {
  double s = 0;
  for (long i = 0; i < m; i++) s += (double)find(tab, n, keys[i]) + x[idx[i]];
  for (struct node *p = pool; p; p = p->next) s += p->v;
  return s;
}

void setup(long n, long m) {
  // CHECK: [[@LINE+1]]:9: remark: site 0x{{[0-9a-f]+}} 'tab' {{.*}} gather (gather 100%){{.*}}, chained gathers [-Rpass-analysis=oli]
  tab = malloc(n * sizeof *tab);
  keys = malloc(m * sizeof *keys);
  // CHECK: [[@LINE+1]]:7: remark: site 0x{{[0-9a-f]+}} 'x' {{.*}} gather (gather 100%){{.*}} accesses{{(, guessed trip counts)?}}{{(, gathered in a loop of unknown trip count)?}} [-Rpass-analysis=oli]
  x = malloc(n * sizeof *x);
  // CHECK-NOT: chained gathers
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'idx'
  idx = malloc(m * sizeof *idx);
  // CHECK: [[@LINE+1]]:10: remark: site 0x{{[0-9a-f]+}} 'pool' {{.*}} gather {{.*}}, chained gathers [-Rpass-analysis=oli]
  pool = malloc(n * sizeof *pool);
}
