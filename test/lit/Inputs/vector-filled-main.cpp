// test/lit/static-intensity-summary-vector-filled.cpp: main's vector, sized
// by init and scaled 10 times, both in other files
#include <cstdio>
#include <cstdlib>
#include <vector>
void init(std::vector<double> &v, std::size_t n);
void scale(std::vector<double> &y, double a);
int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : std::size_t(1) << 20;
  std::vector<double> v;
  init(v, n);
  for (int it = 0; it < 10; it++)
    scale(v, 0.5);
  std::printf("%g\n", v[n - 1]);
  return 0;
}
