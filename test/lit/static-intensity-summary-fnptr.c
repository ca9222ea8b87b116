// Kernels called through a table of function pointers: main.c fills the
// table with k_u and k_v and calls through it 2 x 20 times. The calls
// through a pointer of type `void ()` are an edge into "*void ()", and each
// function whose address the program takes of that type an edge from it:
// the join shares the 40 calls among the 2 (a guess: medium), 20 each, so
// g_u and g_v read 1 + 20 x 2 = 41 passes. Before: 3 (each kernel called
// once), `high`. A loop walking a table of stages registered at run time
// (`for (k = 0; k < nstages; k++) stages[k]()`) calls each function once per
// entry of the loop, not the loop's guessed count of calls shared among
// them (edge flag `each`): 1 + 20 x 2 x the loop's entry guess, medium
// (BranchProbabilityInfo's 5/8 for the guard: 27). Before: 3, `high`.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/fnptr-setup.c -o setup.o
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/fnptr-main.c -o main.o
// RUN: %clang kern.o setup.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -c %inputs/fnptr-walk-main.c -o walk.o
// RUN: %clang kern.o setup.o walk.o -o walk -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites walk | FileCheck %s --check-prefix=WALK

// CHECK-DAG: fnptr-setup.c:6 setup g_u ? {{[0-9.]+}} 41 streaming medium
// CHECK-DAG: fnptr-setup.c:7 setup g_v ? {{[0-9.]+}} 41 streaming medium
// WALK-DAG: fnptr-setup.c:6 setup g_u ? {{[0-9.]+}} {{2[0-9]|3[0-9]|4[0-9]}} streaming medium
// WALK-DAG: fnptr-setup.c:7 setup g_v ? {{[0-9.]+}} {{2[0-9]|3[0-9]|4[0-9]}} streaming medium
extern double *g_u, *g_v;
extern long g_n;

void k_u(void) {
  for (long i = 0; i < g_n; i++)
    g_u[i] *= 1.0001;
}

void k_v(void) {
  for (long i = 0; i < g_n; i++)
    g_v[i] *= 0.9999;
}
