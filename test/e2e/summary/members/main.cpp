#include "domain.h"
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  int edge = argc > 1 ? std::atoi(argv[1]) : 40;
  Domain d(edge);
  std::vector<double> f(d.numNode());
  for (int cycle = 0; cycle < 10; cycle++) {
    calcForce(d, f);
    d.advance(1e-3);
  }
  std::printf("%g\n", d.energy());
  return 0;
}
