// test/e2e/vector: two vectors of run-time size, ten calls of a kernel in
// another file (e2e/summaries-vector)
#include <cstdio>
#include <cstdlib>
#include "kern.h"
int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : std::size_t(1) << 20;
  std::vector<double> u(n, 1.0), w(n);
  for (int it = 0; it < 10; it++) axpy(w, u);
  std::printf("%g\n", total(w));
  return 0;
}
