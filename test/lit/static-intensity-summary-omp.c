// A kernel of another file whose loop is a parallel region: the kernel has
// no loop of its own (clang outlines it into the function __kmpc_fork_call
// runs), yet its parameter is a key, its summary the region's accesses:
// once per call, in the kernel's own n at the sample point (2047: a load
// and a store of each element, known: no `guessed`). Before: no record,
// the callers' objects unestimated.
// RUN: %clang -O2 -fopenmp -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK: oli: summary use scale#0: {{.*}}; at the sample point of scale#1: streaming 0/byte+4094, passes 0/byte+3.275e+04 bytes{{$}}
void scale(double *a, long n, double s) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    a[i] *= s;
}
