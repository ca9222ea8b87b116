// Two instances of a class whose constructor allocates its array (`Vec
// x(n); Vec y(n)`, the constructor inlined into main for each): one site,
// two objects alive together. The portable profile counts the site's
// accesses over its peak bytes, both objects': x written once and read 10
// times (11), y written once and read and written 10 times (21), 32 over
// two objects: 16 passes. Each allocation call runs once a run, so the site
// makes two objects and its estimate is each one's share. Before: 32 (both
// objects' accesses over one object's size).
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: site 0x{{[0-9a-f]+}} 'd_' {{.*}} (16 passes), streaming (streaming 100%), confidence high
#include <cstdio>
#include <cstdlib>

struct Vec {
  explicit Vec(long n) : n_(n), d_(new double[n]) {
    for (long i = 0; i < n; i++)
      d_[i] = 1.0;
  }
  ~Vec() { delete[] d_; }
  long n_;
  double *d_;
};

static void axpy(Vec &y, const Vec &x, double a) {
  for (long i = 0; i < y.n_; i++)
    y.d_[i] += a * x.d_[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 1 << 20;
  Vec x(n);
  Vec y(n);
  for (int t = 0; t < 10; t++)
    axpy(y, x, 0.5);
  std::printf("%g\n", y.d_[3]);
}
