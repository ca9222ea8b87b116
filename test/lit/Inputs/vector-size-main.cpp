// test/lit/static-intensity-summary-vector-size.cpp: main's vectors and the
// calls of the kernels, 10 each
#include <cstdio>
#include <cstdlib>
#include <vector>
void axpy(std::vector<double> &y, const std::vector<double> &x, double a);
double dot(const std::vector<double> &x, const std::vector<double> &y);
int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : std::size_t(1) << 20;
  std::vector<double> x(n, 1.0), y(n, 2.0);
  double s = 0;
  for (int it = 0; it < 10; it++) {
    axpy(y, x, 0.5);
    s += dot(y, y);
  }
  std::printf("%g\n", s);
  return 0;
}
