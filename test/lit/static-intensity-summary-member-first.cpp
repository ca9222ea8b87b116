// A class whose first member is a std::vector, built in one file, both its
// vectors swept by this file's kernel from main in a third: `sweep(f.a)`
// passes the class's own address, which is also its first member's. The
// member's slot goes into the kernel's deref key as the second member's
// does (the library type that starts there, not the class: the class's own
// field key was the key itself, and the sweeps never joined - a 1 pass,
// `high`, where the run makes 21), while F's constructor, given the same
// address, still gets the class (a method of F). Both 20.9 passes, `high`.
// REQUIRES: oli-cli
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %clangxx -O2 -fpass-plugin=%oli_pass -c %s -o kern.o
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %inputs/member-first-field.cpp -o field.o
// RUN: %clangxx -O2 -fpass-plugin=%oli_pass -c %inputs/member-first-main.cpp -o main.o
// RUN: %clangxx kern.o field.o main.o -o prog -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites prog | FileCheck %s
// main's module: its slots' edges into the kernel's deref keys at their own
// offsets, none at a negative one (a later member's address passed is no
// slot's: a+0 read `sweep#0*-24` for `sweep(f.b)`)
// RUN: %clangxx -O2 -Xclang -disable-llvm-passes -S -emit-llvm %inputs/member-first-main.cpp -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck --check-prefix=EDGES %s
// EDGES-NOT: #0*-
// EDGES: summary edge %struct.F+0 -> _Z5sweepRSt6vectorIdSaIdEE#0*0 x10
// EDGES-NOT: #0*-

// CHECK-DAG: F::F(unsigned long) a ? {{[0-9.]+}} {{20[.][5-9][0-9]*|21([.][0-4][0-9]*)?}} streaming high
// CHECK-DAG: F::F(unsigned long) b ? {{[0-9.]+}} {{20[.][5-9][0-9]*|21([.][0-4][0-9]*)?}} streaming high
#include <cstddef>
#include <vector>

void sweep(std::vector<double> &v) {
  for (std::size_t i = 0; i < v.size(); i++)
    v[i] += 1.0;
}
