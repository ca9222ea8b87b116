// Access summaries through an allocation wrapper of another file: main
// calls alloc_vec(n), whose body it does not see, so the object's size is
// unknown here. Its accesses are counted as if the size were the call's
// integer argument (the hypothesis: n bytes) under the site's private key,
// and its edges' sizes are flagged `wrapped`: the join multiplies them by
// the constant alloc_vec's own module gives (8: see
// static-intensity-summary-returned.c) and takes that USE for the site's
// estimate. The site's own estimate stays at a nominal size until then.
// main's sweep: 2047-ish stores over n "bytes" at the sample point (one
// element per byte until the join scales by 8), the edge into kern carries
// the size in kern's parameter. A constant argument is written with its
// value (aligned_vec(64, n): `#0=64`), for the join to divide it out when the
// wrapper's size does not read that parameter (an alignment, a tag).
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK: oli: site 0x[[ID:[0-9a-f]+]] {{.*}} confidence low, 3 accesses, keyed, guessed trip counts
// CHECK: oli: summary edge 0x[[ID]] -> kern#0 x10, size 2047 at the sample point of kern#1, wrapped{{$}}
// CHECK: oli: summary use ~alloc_vec#0@[[ID]]: none, {{.*}} counted by 0x[[ID]]; at the sample point of %main.0: streaming 0/byte+[[N:[0-9]+]], passes 0/byte+1.1e+04 bytes
// CHECK: oli: summary edge 0x[[ID]] -> ~alloc_vec#0@[[ID]] x1, size [[N]] at the sample point of %main.0, wrapped{{$}}
// CHECK: oli: summary use ~aligned_vec#0=64#1@{{[0-9a-f]+}}:

double *alloc_vec(long n);
double *aligned_vec(long align, long n);
void kern(double *x, long n);
long getn(void);

int main(void) {
  long n = getn();
  double *u = alloc_vec(n);
  for (long i = 0; i < n; i++)
    u[i] = 1.0;
  double *a = aligned_vec(64, n);
  for (int it = 0; it < 10; it++)
    kern(u, n), kern(a, n);
  return 0;
}
