// Two specializations of one class template, Arr<double> (u) and
// Arr<float> (w), of one layout, swept in this file: clang names them
// `class.Arr` and `class.Arr.0` in the order a module meets them, so the
// field key of both was `%class.Arr+0` and the join credited each with the
// other's sweeps: w, written once a step (11 passes), read 71 `high` (245 in
// an outside trial). Keys now name a specialization by its C++ type, as the
// type-based alias tags of its accesses give it (`%_ZTS3ArrIfE+0`): w 11.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O2 -I%inputs -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clangxx -O2 -I%inputs -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/template-two-main.cpp -o main.o
// RUN: %clangxx kern.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: Arr<float>::Arr(unsigned long) d_ ? {{[0-9.]+}} 1{{[01]}}{{([.][0-9]+)?}} streaming
#include "template-two-arr.hpp"
void scale(Arr<double> &u) {
  for (std::size_t i = 0; i < u.size(); i++)
    u[i] *= 0.999;
}
void conv(Arr<float> &w, const Arr<double> &u) {
  for (std::size_t i = 0; i < w.size(); i++)
    w[i] = (float)u[i];
}
