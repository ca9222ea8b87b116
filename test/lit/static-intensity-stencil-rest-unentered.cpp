// A 5-point Jacobi sweep over a grid class holding a std::vector, two grids
// swapping roles 10 times. The vectoriser turns each row into a vector loop
// of 4 elements a step and a scalar rest of up to 3, unrolled by 2 behind an
// odd-count prologue. At the sample point the vector loop leaves no rest
// (its branches are decided), so the rest's loop is never entered; its count
// reads the prologue's phi, which has no value there, and it was taken to
// sweep the grid - one whole pass more per sweep: 101.9 passes where the run
// makes 51.3. Its entries per row, not its executions per call (which the
// row and time loops around it scale up past the dead threshold), now say it
// does not run: 51.9 passes.
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'data_' {{.*}} (51.9 passes), streaming (streaming 100%)
#include <cstdio>
#include <cstdlib>
#include <vector>

class Grid {
public:
  Grid(int nx, int ny) : nx_(nx), ny_(ny), data_((std::size_t)nx * ny) {}
  double &operator()(int i, int j) { return data_[(std::size_t)j * nx_ + i]; }
  double operator()(int i, int j) const { return data_[(std::size_t)j * nx_ + i]; }
  int nx() const { return nx_; }
  int ny() const { return ny_; }

private:
  int nx_, ny_;
  std::vector<double> data_;
};

static void relax(const Grid &a, Grid &b) {
  for (int j = 1; j < a.ny() - 1; j++)
    for (int i = 1; i < a.nx() - 1; i++)
      b(i, j) = 0.25 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1));
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? std::atoi(argv[1]) : 1024, ny = argc > 2 ? std::atoi(argv[2]) : 1024;
  Grid a(nx, ny);
  Grid b(nx, ny);
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      a(i, j) = (double)(i + j);
  for (int t = 0; t < 10; t++) {
    relax(a, b);
    relax(b, a);
  }
  std::printf("%g\n", a(3, 3));
  return 0;
}
