// test/e2e/vector: the sweeps, through references to the caller's vectors
// (e2e/summaries-vector)
#include "kern.h"
void axpy(std::vector<double> &w, const std::vector<double> &u) {
  for (std::size_t i = 0; i < w.size(); i++) w[i] += 0.1 * u[i];
}
double total(const std::vector<double> &w) {
  double s = 0;
  for (double x : w) s += x;
  return s;
}
