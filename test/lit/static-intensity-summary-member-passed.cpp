// A class's std::vector members (made in its constructor, in another file)
// handed by reference to kernels in a third: main passes `f.u` and `f.rhs`,
// the address of a member, 10 times each. main's member key (%struct.Field+8,
// the constructor's edge) goes on into the kernel's deref key ("scale#0*0",
// common/summary.h, version 7) per call: u reads 27 passes (the run: 21; the
// kernel's vectorised loop over size() is a guess), rhs 12 (11), cold, only
// filled, 2 (1: the constructor's fill loop's remainder counts a pass of
// its own). Before: 1.31 each - no member's sweeps seen.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O2 -I %inputs -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clangxx -O2 -gline-tables-only -I %inputs -fpass-plugin=%oli_pass -c %inputs/member-passed-field.cpp -o field.o
// RUN: %clangxx -O2 -I %inputs -fpass-plugin=%oli_pass -c %inputs/member-passed-main.cpp -o main.o
// RUN: %clangxx kern.o field.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK-DAG: Field::Field(unsigned long) u ? {{[0-9.]+}} 2{{[0-9]([.][0-9]+)?}} streaming
// CHECK-DAG: Field::Field(unsigned long) rhs ? {{[0-9.]+}} 1{{[0-9]([.][0-9]+)?}} streaming
// CHECK-DAG: Field::Field(unsigned long) cold ? {{[0-9.]+}} {{[12]([.][0-9]+)?}} streaming
#include "member-passed.hpp"

void scale(std::vector<double> &v, double a) {
  for (std::size_t i = 0; i < v.size(); i++)
    v[i] *= a;
}

double norm(const std::vector<double> &v) {
  double s = 0;
  for (double x : v)
    s += x * x;
  return s;
}
