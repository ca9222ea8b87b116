// A global array another file defines: `extern double tab[1 << 20]` read
// and written here in each call of scale, which main.c (defining tab, 8 MiB)
// calls 5 times. The array itself is a key, @tab: this file's summary USEs
// it, the defining file's record has an edge into it, and the join counts
// the 5 calls' sweeps: 10 passes, high. Before: only main.c's one read,
// 9.54e-07 passes, `low (escapes)` (another file could reach it by name).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/global-array-main.c -o main.o
// RUN: %clang kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: global-array-main.c - tab 8388608 {{[0-9.]+}} 10 streaming high
extern double tab[1 << 20];

void scale(double s) {
  for (long i = 0; i < (1 << 20); i++)
    tab[i] *= s;
}
