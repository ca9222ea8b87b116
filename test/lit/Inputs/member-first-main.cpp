// test/lit/static-intensity-summary-member-first.cpp: main sweeps both
// members 10 times through the kernel in another file
#include <cstddef>
#include <cstdio>
#include <vector>
struct F {
  std::vector<double> a, b;
  explicit F(std::size_t n);
};
void sweep(std::vector<double> &v);
int main() {
  F f(std::size_t(1) << 20);
  for (int t = 0; t < 10; t++) {
    sweep(f.a);
    sweep(f.b);
  }
  std::printf("%g %g\n", f.a[5], f.b[5]);
  return 0;
}
