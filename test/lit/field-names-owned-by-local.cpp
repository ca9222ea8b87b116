// With line tables only, a `new[]` handed straight to a local object's
// constructor (`std::unique_ptr<double[]> b(new double[n])`, braces too) is
// named after that object, read from the call's source line: the variable
// the constructor's parenthesis follows. Before, such a site had no name,
// while `auto a = std::make_unique<double[]>(n)` had `a`. A call that is not
// a constructor's argument (a function's, `keep(new double[n])`) names none.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/owned.cpp
// RUN: cd %t && %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm owned.cpp -o - | FileCheck %s

// CHECK-DAG: c"owned.cpp\00main\00b\00
// CHECK-DAG: c"owned.cpp\00main\00c\00
// CHECK-DAG: c"owned.cpp\00main\00\00
#include <cstdlib>
#include <memory>

void keep(double *);
void use(double *, double *);

int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : 1 << 20;
  std::unique_ptr<double[]> b(new double[n]);
  std::unique_ptr<double[]> c{new double[n]};
  keep(new double[n]);
  use(b.get(), c.get());
}
