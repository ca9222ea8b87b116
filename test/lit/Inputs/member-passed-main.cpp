// test/lit/static-intensity-summary-member-passed.cpp: the members handed
// by reference to the kernels, 10 times
#include <cstdio>
#include <cstdlib>
#include "member-passed.hpp"
int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : std::size_t(1) << 20;
  Field f(n);
  double s = 0;
  for (int it = 0; it < 10; it++) {
    scale(f.u, 0.99);
    s += norm(f.rhs);
  }
  std::printf("%g\n", s + f.cold[0]);
  return 0;
}
