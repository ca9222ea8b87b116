// A kernel taking std::vector<double> by reference, in a file of its own:
// its sweeps of each vector's data are the parameter's deref key's,
// "axpy#i*0" (the object in slot 0 of what parameter i points to), per
// call, and an edge from the library type's field key into it lets the
// join count them for objects no caller names (common/summary.h, version
// 7). Before: one USE of _Vector_impl_data+0, every std::vector<double>
// of the program's, all of them alike.
// RUN: %clangxx -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-DAG: oli: summary use _Z4axpyRSt6vectorIdSaIdEERKS1_d#0*0: streaming {{[0-9.]+}}/byte
// CHECK-DAG: oli: summary use _Z4axpyRSt6vectorIdSaIdEERKS1_d#1*0: streaming {{[0-9.]+}}/byte
// CHECK-DAG: oli: summary edge %struct.std::_Vector_base<double, std::allocator<double>>::_Vector_impl_data+0 -> _Z4axpyRSt6vectorIdSaIdEERKS1_d#0*0 x1
// CHECK-NOT: oli: summary use %struct.std::

#include <cstddef>
#include <vector>

void axpy(std::vector<double> &y, const std::vector<double> &x, double a) {
  for (std::size_t i = 0; i < y.size(); i++)
    y[i] += a * x[i];
}
