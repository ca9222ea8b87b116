// A global's object swept by two functions other modules call, each in a
// loop to its own count (`n` and `m`): each root's USE names the symbols of
// its own counts, so the join counts step()'s exactly against a size in n
// whatever other() loops to. Before, every root's USE named all of them
// (@m+0,@n+0): a size in n met none, and both were guessed (an outside
// trial's Fortran module arrays: one array-syntax statement bounded by a
// descriptor's extents left the exact do-loops of every other subroutine
// guessed, c 46 passes of 31).
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s
extern double *u;
extern long n, m;

// CHECK-DAG: summary use @u+0 under other(): {{.*}} at the sample point of @m+0: {{.*}}
// CHECK-DAG: summary use @u+0 under step(): {{.*}} at the sample point of @n+0: {{.*}}
void step(void) {
  for (long i = 0; i < n; i++)
    u[i] += 1.0;
}

void other(void) {
  for (long i = 0; i < m; i++)
    u[i] *= 2.0;
}
