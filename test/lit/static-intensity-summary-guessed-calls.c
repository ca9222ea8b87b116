// A kernel another file calls in a time loop over a step count read from
// input (main.c: `for (s = 0; s < niter; s++) kern();`, niter set from
// argv): the kernel's sweep is exact per call, but the calls per run rest
// on a guessed trip count, and so does the joined estimate: guessed,
// confidence medium (41 passes at BranchProbabilityInfo's 20 steps). Before:
// `high`, "guessed": false - the call edges' guesses were not carried into
// the join (the same code in one file said medium).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/guessed-steps-setup.c -o setup.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/guessed-steps-main.c -o main.o
// RUN: %clang kern.o setup.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: guessed-steps-setup.c:9 setup u ? {{[0-9.]+}} {{[0-9.]+}} streaming medium
extern double *u;
extern long n;

void kern(void) {
  for (long i = 0; i < n; i++)
    u[i] *= 1.0001;
}
