// A field's array handed to another file's kernel with the field as its
// length: main.c calls scale(g.a, g.n) 10 times, grid.c allocates g->a of
// g->n doubles (its size 8 * %struct.grid_t+0), and scale loops over its
// own parameter n. main.c's edge from the field's key into scale#0 names
// scale's length as the field ("scale#1=%struct.grid_t+0"), so the join
// carries the size on in scale's parameter and counts its loop exactly:
// 1 + 10 x 2 = 21 passes, high. Before: 16.6, medium (the loop guessed).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/struct-kernel-grid.c -o grid.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/field-length-main.c -o main.o
// RUN: %clang kern.o grid.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: struct-kernel-grid.c:8 grid_init g->a ? {{[0-9.]+}} 21 streaming high
void scale(double *y, long n) {
  for (long i = 0; i < n; i++)
    y[i] = 0.5 * y[i] + 1.0;
}
