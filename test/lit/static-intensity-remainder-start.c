// A dot product unrolled by hand by 4, with a remainder loop `for (; i < n;
// i++)` that starts where the unrolled loop left i: that start is the
// unrolled loop's induction at its exit (4 * ((n - 4) / 4) + 4), not the
// middle of its range, so the remainder runs 0-3 times at the sample point
// and a call reads each array once: 2047 elements at the sample point of n
// (ddot_u4#0). Before, the remainder was counted from n/2: 1.5 passes a call.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-DAG: oli: summary use ddot_u4#1: {{.*}}; at the sample point of ddot_u4#0: streaming 0/byte+2047, passes 0/byte+1.638e+04 bytes
// CHECK-DAG: oli: summary use ddot_u4#2: {{.*}}; at the sample point of ddot_u4#0: streaming 0/byte+2047, passes 0/byte+1.638e+04 bytes

double ddot_u4(long n, const double *dx, const double *dy) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  long i;
  for (i = 0; i + 3 < n; i += 4) {
    s0 += dx[i] * dy[i];
    s1 += dx[i + 1] * dy[i + 1];
    s2 += dx[i + 2] * dy[i + 2];
    s3 += dx[i + 3] * dy[i + 3];
  }
  for (; i < n; i++)
    s0 += dx[i] * dy[i];
  return (s0 + s1) + (s2 + s3);
}
