// An object allocated in a file whose other function sweeps it, that
// function called from another file: init(n) allocates u and writes it once,
// step() reads and writes it, and main.c calls step 10 times. The file has
// no main, so its estimate counts step once (3 passes); its summary gives
// step's accesses under the site's private key, and the join adds the 9
// calls beyond that one: 21 passes, high (single-file build: 21). Before:
// 3 passes, high.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %s -o grid.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/own-root-main.c -o main.o
// RUN: %clang grid.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: static-intensity-summary-own-root.c:[[#@LINE+7]] init u ? {{[0-9.]+}} 21 streaming high
#include <stdlib.h>

double *u;
long n;
void init(long m) {
  n = m;
  u = malloc(n * sizeof *u);
  for (long i = 0; i < n; i++)
    u[i] = (double)i;
}
void step(void) {
  for (long i = 0; i < n; i++)
    u[i] = 0.5 * u[i] + 1;
}
