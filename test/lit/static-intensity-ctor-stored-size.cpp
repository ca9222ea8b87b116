// A constructor kept out of line (other modules may call it) and inlined
// into main stores its parameter into a field, `n_(n)`, beside `x_ = new
// double[n]`: the record has two calls, sized in the constructor's n and in
// main's. A member loop elsewhere, bounded by the field (`i < m.n_`), counts
// against the out-of-line copy's size in the field's terms: 8 * n_. An array
// written once, then read and written in each of 20 calls: 41 passes, no
// guessed counts. Before: 33.3, guessed - the field was stored two values in
// the module (the constructor's and main's inlined copy's), so neither copy's
// size was taken in it, and new[]'s overflow guard hid the size from the test
// of a multiple (a trial's C++ mesh class: 26.4 passes of 62).
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'x_' {{.*}} ({{(39|4[0-4])([.][0-9]*)?}} passes), streaming
// CHECK-NOT: guessed
#include <cstddef>
#include <cstdio>
#include <cstdlib>

struct Mesh {
  std::size_t n_;
  double *x_;
  explicit Mesh(std::size_t n);
};

Mesh::Mesh(std::size_t n) : n_(n) {
  x_ = new double[n];
  for (std::size_t i = 0; i < n; i++)
    x_[i] = 1.0;
}

__attribute__((noinline)) void relax(Mesh &m) {
  for (std::size_t i = 0; i < m.n_; i++)
    m.x_[i] *= 0.5;
}

int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1048576;
  Mesh m(n);
  for (int t = 0; t < 20; t++)
    relax(m);
  std::printf("%g\n", m.x_[0]);
  return 0;
}
