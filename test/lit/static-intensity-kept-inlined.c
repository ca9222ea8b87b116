// A function with external linkage that -O2 inlines into main and also keeps
// for other modules counts once: its inlined copy runs in main; its kept copy,
// with no call left in main's module, is called by other modules or not at
// all (their calls are theirs to count, the join adds them), not once more.
// init fills the array once, main sweeps it 10 times: 11 passes, exact.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

static double *a;
static long n;

void init(void) {
  a = malloc(n * sizeof *a);
  // CHECK: static-intensity-kept-inlined.c:[[#@LINE-1]]:7: remark: site {{.*}} ({{(11|10[.][5-9][0-9]*|11[.][0-4][0-9]*)}} passes), streaming {{.*}}, confidence high
  for (long i = 0; i < n; i++)
    a[i] = i;
}

int main(int argc, char **argv) {
  n = atol(argv[1]);
  init();
  double s = 0;
  for (int r = 0; r < 10; r++)
    for (long i = 0; i < n; i++)
      s += a[i];
  return s > 0;
}
