// A module sweeping another module's global array over a length it is
// passed (step(n) over u, which init(n) allocated in another file): its USE
// of @u+0 counts guessed trips (nothing here relates n to u's size), and its
// twin "~@u+0" the same accesses with step's parameter at the sample point,
// 2 per call (a read and a write of each of 2047 elements), for the join to
// take when the calls show n equal to the size's parameter (common/summary.h,
// version 5). smooth's loop over a constant count needs no twin of its own.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-DAG: oli: summary use @u+0 under step(): streaming {{.*}}, guessed{{$}}
// CHECK-DAG: oli: summary use ~@u+0 under step(): streaming {{.*}}, guessed; at the sample point of step#0: streaming 0/byte+4094, passes 0/byte+3.275e+04 bytes
// CHECK-DAG: oli: summary use @v+0 under smooth(): streaming 0/byte+2000,
// CHECK-NOT: ~@v+0

extern double *u, *v;

void step(long n) {
  for (long i = 0; i < n; i++)
    u[i] = u[i] * 0.5 + 1;
}

void smooth(void) {
  for (long i = 0; i < 1000; i++)
    v[i] = 0.5 * v[i];
}
