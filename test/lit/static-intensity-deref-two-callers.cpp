// Two vectors of main passed to one kernel of the same file (kept out of
// line), x as its second argument, y as its first: the kernel's accesses
// through each parameter's data pointer are its caller's vector's, counted
// along each call's path, not a slot two objects share (before, both were
// `ambiguous`, confidence low). The kernel's loop runs to `y.size()`, the
// range of a vector main passes it (SampleSpace::extent), which each site's
// estimate takes as its own size: x 12 passes (zero-fill, fill, 10 reads),
// y 21 (zero-fill, 10 updates), `high`; before, guessed (x 8.9, y 14.7).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass %s -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK-DAG: main x ? {{[0-9.]+}} {{11[.][5-9][0-9]*|12([.][0-4][0-9]*)?}} streaming high
// CHECK-DAG: main y ? {{[0-9.]+}} {{20[.][5-9][0-9]*|21([.][0-4][0-9]*)?}} streaming high
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <vector>

__attribute__((noinline)) void axpy(std::vector<double> &y, const std::vector<double> &x, double a) {
  for (std::size_t i = 0; i < y.size(); i++)
    y[i] += a * x[i];
}

int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : std::size_t(1) << 20;
  std::vector<double> x(n), y(n);
  for (std::size_t i = 0; i < n; i++)
    x[i] = 1.0 / (1.0 + i);
  for (int it = 0; it < 10; it++)
    axpy(y, x, 0.5);
  std::printf("%g\n", y[n - 1]);
  return 0;
}
