// A C++ vector of vectors destroyed and copied (their loops end on the rows'
// pointers and call operator delete): clang died in the estimate before (see
// static-intensity-pointer-loop.c). It compiles.
// RUN: %clangxx -O2 -fpass-plugin=%oli_pass -c %s -o /dev/null
#include <vector>

void use(std::vector<std::vector<double>> &);

double grid(long n) {
  std::vector<std::vector<double>> g(n, std::vector<double>(n, 1.0));
  use(g);
  std::vector<std::vector<double>> copy = g;
  return copy[0][0];
}
