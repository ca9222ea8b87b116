// A C++ member function's member assigned without `this->` (`a = new
// double[m]`, the common style; `a_ = ...` in a constructor) is named after
// the member, as `this->b = ...` is: a store one field into the `this` of a
// C++ member function whose source line assigns a bare identifier (not C's
// `bank_t b = {0, malloc(..)}`, a store into b.v: static-intensity-cursor.c).
// Before: `-`.
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s

// CHECK-DAG: field-names-implicit-this.cpp\00T::alloc(long)\00a\00
// CHECK-DAG: field-names-implicit-this.cpp\00T::alloc(long)\00this->b\00
#include <cstdlib>
struct T {
  long n;
  double *a, *b;
  void alloc(long m);
};
void T::alloc(long m) {
  n = m;
  a = new double[m];
  this->b = (double *)malloc(m * 8);
}
