// test/lit/static-intensity-summary-member-first.cpp: the class's constructor
#include <cstddef>
#include <vector>
struct F {
  std::vector<double> a, b;
  explicit F(std::size_t n);
};
F::F(std::size_t n) : a(n), b(n) {}
