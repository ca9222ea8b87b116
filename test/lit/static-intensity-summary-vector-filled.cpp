// A vector main declares, sized in another file by a library call
// (`init(v, n)` calling `v.resize(n)`: the site is init's call, the object
// made inside std::vector's _M_default_append) and scaled by this file's
// kernel 10 times. The site's object goes into the slot of init's
// parameter, the library type's field key, which this file's unclaimed edge
// takes on to scale's deref key (main names no object there), per call:
// 20.2 passes, `high`, the run makes 21 (1 + 10 x 2): the kernel's loop to
// `y.size()` counts in the vector's range, which main's edge gives as the
// object's size (25, `medium`, while it was guessed). Before: 0.27, `high` -
// a vector swept 20 times taken for one written once.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/vector-filled-init.cpp -o init.o
// RUN: %clangxx -O2 -fpass-plugin=%oli_pass -c %inputs/vector-filled-main.cpp -o main.o
// RUN: %clangxx kern.o init.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK: vector-filled-init.cpp:5 init({{.*}}) v ? {{[0-9.]+}} {{19[.][5-9][0-9]*|2[0-2]([.][0-9]+)?}} streaming high
#include <cstddef>
#include <vector>

void scale(std::vector<double> &y, double a) {
  for (std::size_t i = 0; i < y.size(); i++)
    y[i] *= a;
}
