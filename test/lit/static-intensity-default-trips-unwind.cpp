// The program's default step count (static-intensity-default-trips.c) in a
// C++ time loop whose calls may throw: each call leaves the loop by its
// unwind edge too (main's vectors are destroyed there), so the loop has no
// exact trip count, only the latch test's at most, in the same phi of the
// default and the input. The calls of the kernel in another file count 10
// times, not 29.
// RUN: %clangxx -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK: oli: summary edge main() -> _Z4stepRSt6vectorIdSaIdEERKS1_() x{{9\.[5-9][0-9]*|10(\.[0-4][0-9]*)?}}, {{.*}}guessed
#include <cstdlib>
#include <vector>

void step(std::vector<double> &a, const std::vector<double> &b);

int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : std::size_t(1) << 20;
  int steps = argc > 2 ? std::atoi(argv[2]) : 10;
  std::vector<double> a(n), b(n, 1.0);
  for (int t = 0; t < steps; t++)
    step(a, b);
  return a[n - 1] > 0;
}
