// main's vectors passed by reference to a kernel of another file: each
// site's edge goes into the deref key of the parameter it is passed as
// ("axpy#1*0": x, "axpy#0*0": y), per call (10), not into the library
// type's one field key all of the program's vectors share (common/summary.h,
// version 7); its size is the vector's range, `_M_finish - _M_start` (the
// symbol "<_M_start's slot>:8"), in which the kernel's size() loops count.
// RUN: %clangxx -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> _Z4axpyRSt6vectorIdSaIdEERKS1_d#1*0 x10, size {{[0-9]+}} at the sample point of %struct.std::_Vector_base<double, std::allocator<double>>::_Vector_impl_data+0:8{{$}}
// CHECK-DAG: oli: summary edge 0x{{[0-9a-f]+}} -> _Z4axpyRSt6vectorIdSaIdEERKS1_d#0*0 x10, size {{[0-9]+}} at the sample point of %struct.std::_Vector_base<double, std::allocator<double>>::_Vector_impl_data+0:8{{$}}
// CHECK-NOT: -> %struct.std::_Vector_base<double, std::allocator<double>>::_Vector_impl_data+0

#include <cstdio>
#include <cstdlib>
#include <vector>

void axpy(std::vector<double> &y, const std::vector<double> &x, double a);

int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : std::size_t(1) << 20;
  std::vector<double> x(n, 1.0), y(n, 2.0);
  for (int it = 0; it < 10; it++)
    axpy(y, x, 0.5);
  std::printf("%g\n", y[n - 1]);
  return 0;
}
