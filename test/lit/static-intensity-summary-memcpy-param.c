// A kernel other modules call whose copy loop the optimiser made a memcpy
// (`for (i = 0; i < n; i++) d[i] = s[i]`): no loop is left, but its
// parameters are keys (a function without loops is not, its few accesses
// per call not worth the analyses): the memcpy reads and writes the whole
// object at the sample point of n, one pass each per call. Before, the
// callers' edges into vcopy led nowhere: an escape, their estimates `low`.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-DAG: oli: summary use vcopy#0: {{.*}}; at the sample point of vcopy#2: streaming 0/byte+2047, passes 0/byte+1.638e+04 bytes
// CHECK-DAG: oli: summary use vcopy#1: {{.*}}; at the sample point of vcopy#2: streaming 0/byte+2047, passes 0/byte+1.638e+04 bytes

void vcopy(double *restrict d, const double *restrict s, int n) {
  for (int i = 0; i < n; i++)
    d[i] = s[i];
}
