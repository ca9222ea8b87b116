// main's Field, made by a constructor in another file, and main's own
// sweeps of its member `f.u` (a range-for inlined into main, 10 times): the
// member's data pointer, loaded here, lies inside a std::vector member of
// Field, a pointer field all the same (%class.Field+8, the constructor's
// edge), so main's loop is joined: u 12 passes (2 for the zero fill and
// the constructor's loop, 10 here), coef 2, as the run makes. Before: u
// 0.625, high - main's sweeps not seen. The constructor's edge gives the
// member's range (%class.Field+8:8) as another form of the size, which
// main's range-for runs to: high (medium while it was a guess).
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O2 -I %inputs -fpass-plugin=%oli_pass -c %s -o main.o
// RUN: %clangxx -O2 -gline-tables-only -I %inputs -fpass-plugin=%oli_pass -c %inputs/member-read-field.cpp -o field.o
// RUN: %clangxx main.o field.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK-DAG: Field::Field(unsigned long) u ? {{[0-9.]+}} {{11.9|12}} streaming high
// CHECK-DAG: Field::Field(unsigned long) coef ? {{[0-9.]+}} 2 streaming high
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include "member-read-field.hpp"

int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : std::size_t(1) << 20;
  Field f(n);
  double acc = 0.0;
  for (int t = 0; t < 10; t++) {
    double s = 0.0;
    for (double v : f.u)
      s += v * v;
    acc += std::sqrt(s);
  }
  std::printf("%g %g\n", acc, f.coef[n / 3]);
  return 0;
}
