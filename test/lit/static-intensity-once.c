// A branch on an induction variable's equality with a value fixed in its loop
// (`if (s == steps / 2)`, `if (it == 0)`) is taken once per run of the loop,
// not in 3 iterations of 8 as BranchProbabilityInfo guesses an equality:
// an array copied once in the middle of a time loop and read once after it is
// cold (about 2 passes), a table filled in the first iteration and read in
// every other one is not. Before, the copy read 10.4 passes (an outside
// trial's `archive`, kept on DRAM as hot while the budget ran out). What
// only the equal side reaches runs once per entry of the loop whatever its
// trip count is taken to be (here the program's default of 100 steps: the
// copy read 4.1 passes when the count's correction applied to it too), also
// where the equality is joined with a test fixed in the loop (`s != 0 || n <
// 1` before the fill: the table read 150 passes of 101).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>
#include <string.h>

double run(double *u, double *archive, double *table, long n, int steps) {
  double acc = 0;
  for (int s = 0; s < steps; s++) {
    for (long i = 1; i < n - 1; i++) u[i] = 0.5 * (u[i - 1] + u[i + 1]);
    if (s == steps / 2)
      memcpy(archive, u, n * sizeof *u);
    if (s == 0)
      for (long i = 0; i < n; i++) table[i] = i;
    for (long i = 0; i < n; i++) acc += table[i];
  }
  for (long i = 0; i < n; i++) acc += archive[i];
  return acc;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  int steps = argc > 2 ? atoi(argv[2]) : 100;
  double *u = calloc(n, sizeof *u);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'archive' {{.*}} ({{[1-2](\.[0-9]+)?}} passes), streaming
  double *archive = malloc(n * sizeof *archive);
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'table' {{.*}} ({{(9[5-9]|10[0-6])(\.[0-9]+)?}} passes), streaming
  double *table = malloc(n * sizeof *table);
  return run(u, archive, table, n, steps) > 0;
}
