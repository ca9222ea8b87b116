#include <cmath>

#include "grid.h"

std::vector<double> make_field(std::size_t n) {
  std::vector<double> f(n);
  for (std::size_t i = 0; i < n; i++) f[i] = std::sin(0.001 * (double)i);
  return f;
}

double relax(std::vector<double> &u, const std::vector<double> &f, int sweeps) {
  std::vector<double> next(u.size());        // a temporary, made and freed here
  for (int s = 0; s < sweeps; s++) {
    for (std::size_t i = 1; i + 1 < u.size(); i++) next[i] = 0.5 * (u[i - 1] + u[i + 1]) + f[i];
    u.swap(next);
  }
  double r = 0;
  for (double x : u) r += std::fabs(x);
  return r / (double)u.size();
}
