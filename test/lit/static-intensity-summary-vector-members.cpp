// Two std::vector<double> members of one class: `hot` swept here in each of
// the 10 calls of update(State &), `cold` only written by the constructor
// in another file. Each member's data pointer is a key of its own,
// %struct.State+8 and +32 (the program's struct holding the library
// object), so hot reads 22 passes and cold 2, high, as the run makes (the
// zero fill and the constructor's loop, 10 x 2 in update: the vector's size
// at the sample point is its _M_allocate(n)'s, a wrapper of the module's
// own; before that, 16.2 and 0.625, guessed). Before the keys: both keyed
// as std::vector's one field (_Vector_impl_data+0), 17 passes each - a
// written-once array taken for a hot one.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O2 -I %inputs -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clangxx -O2 -gline-tables-only -I %inputs -fpass-plugin=%oli_pass -c %inputs/vector-members-state.cpp -o state.o
// RUN: %clangxx -O2 -I %inputs -fpass-plugin=%oli_pass -c %inputs/vector-members-main.cpp -o main.o
// RUN: %clangxx kern.o state.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s

// CHECK-DAG: State::State(unsigned long) hot ? {{[0-9.]+}} 22 streaming high
// CHECK-DAG: State::State(unsigned long) cold ? {{[0-9.]+}} 2 streaming high
#include "vector-members.hpp"

void update(State &s) {
  for (std::size_t i = 0; i < s.n; i++)
    s.hot[i] = 0.5 * s.hot[i] + 1.0;
}
