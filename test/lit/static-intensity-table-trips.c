// A loop bounded by a field of a constant table's row that the program
// chooses at run time (a benchmark's class: `P = classes[cls]`, then
// `for (s = 0; s < P.nsolve; s++)`): which row runs is the input's, so the
// count is a guess, but one the program can run: the rows' median (4 of
// 3, 4, 8, 5, 4), not BranchProbabilityInfo's 32. Here the row's copy and
// the counter are shared with the parallel region the loop forks (read
// again after every fork, so ScalarEvolution counts no trip): the latch's
// test is run for each row. a: written once, read once per solve: 5 passes
// (33 before), confidence medium (guessed).
// RUN: %clang -O2 -fopenmp -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
long getn(void);
void *malloc(unsigned long);

typedef struct {
  long n;
  int nsolve;
} params_t;

static const params_t classes[5] = {{1000, 3}, {2000, 4}, {4000, 8}, {8000, 5}, {16000, 4}};

int main(int argc, char **argv) {
  const params_t P = classes[argc % 5];
  long n = getn();
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'a' {{.*}} (5 passes), streaming (streaming 100%), confidence medium, {{[0-9]+}} accesses, guessed trip counts [-Rpass-analysis=oli]
  double *a = malloc(n * sizeof(double));
  for (long i = 0; i < n; i++)
    a[i] = 1.0;
  double t = 0.0;
  for (int s = 0; s < P.nsolve; s++) {
#pragma omp parallel for reduction(+ : t)
    for (long i = 0; i < n; i++)
      t += a[i] * (s + P.n);
  }
  return t > 0.0;
}
