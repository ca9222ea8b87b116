// main of static-intensity-summary-template-specializations.cpp: one class
// template, two specializations of one layout, both allocated at arr line 5.
#include <cstdio>
#include <cstdlib>
#include "template-two-arr.hpp"
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1L << 20;
  Arr<double> u(n);
  Arr<float> w(n);
  for (long i = 0; i < n; i++) {
    u[i] = 1.0;
    w[i] = 0.0f;
  }
  for (int t = 0; t < 10; t++) {
    scale(u);
    conv(w, u);
  }
  std::printf("%f\n", (double)w[n / 2]);
  return 0;
}
