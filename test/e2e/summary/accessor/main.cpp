#include <cstdio>
#include <cstdlib>
#include "mesh.h"

// Passes at the default n: x written once, then per step read by axpy and
// read and written by relax: 1 + 3 * 10 = 31; y written once, per step
// read and written by axpy and read by relax: 31.
int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1048576;
  Mesh m(n);
  for (int t = 0; t < 10; t++) {
    axpy(m, 0.1);
    relax(m);
  }
  std::printf("x %g\n", m.x()[n / 2]);
  return 0;
}
