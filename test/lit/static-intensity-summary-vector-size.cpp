// main's vectors passed by reference to this file's kernels, whose loops
// run to `size()` (axpy) or over a range-for (dot): the trip counts are the
// vectors' ranges, `_M_finish - _M_start`, a symbol of its own
// ("%struct.std::..._Vector_impl_data+0:8"), and the callers' edges give
// each object's size as that range, so the join counts the kernels'
// sweeps exactly: x 11.9 passes, y 31.9, high (the run makes 11 and 31:
// the fill, 10 calls of axpy reading x and updating y, 10 of dot(y, y),
// which reads its first vector). Before: guessed, a vectorised loop's
// copies split by guessed odds.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/vector-size-main.cpp -o main.o
// RUN: %clangxx kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK-DAG: main x ? {{[0-9.]+}} 1{{[12]}}{{([.][0-9]+)?}} streaming high
// CHECK-DAG: main y ? {{[0-9.]+}} 3{{[0-3]}}{{([.][0-9]+)?}} streaming high
#include <cstddef>
#include <vector>

void axpy(std::vector<double> &y, const std::vector<double> &x, double a) {
  for (std::size_t i = 0; i < y.size(); i++)
    y[i] += a * x[i];
}

double dot(const std::vector<double> &x, const std::vector<double> &y) {
  double s = 0;
  for (double v : x)
    s += v * v;
  (void)y;
  return s;
}
