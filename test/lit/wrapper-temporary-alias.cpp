// A function that returns a fresh malloc but also builds a temporary of a
// class template whose constructor allocates (freed by its destructor
// before the return) is no allocation wrapper. The class is explicitly
// instantiated, so C++ keeps its complete-object constructor (C1) an alias
// of the base-object one (C2) and make calls the alias: a call naming no
// function, which the tagger did not count as allocating, so make was taken
// for a wrapper and its temporary got the caller's site (one site, two
// objects). Calls through an alias of a function of the module are its calls.
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
#include <cstdlib>
#include <cstring>

template <class T> struct Buf {
  explicit Buf(long n);
  ~Buf();
  T *p;
};
template <class T> Buf<T>::Buf(long n) : p(new T[n]) {}
template <class T> Buf<T>::~Buf() { delete[] p; }
template struct Buf<double>;

__attribute__((noinline)) double *make(long n) {
  Buf<double> tmp(n);
  std::memset(tmp.p, 0, n * sizeof(double));
  double *r = (double *)std::malloc(n * sizeof(double));
  std::memcpy(r, tmp.p, n * sizeof(double));
  return r;
}

double *g;

void run(long n) { g = make(n); }

// make's call in run is not bracketed (no wrapper record, kind 15, at line 32).
// CHECK-NOT: i8 15, i8 {{[0-9]+}}, {{.*}} i32 32,
// CHECK-LABEL: define {{.*}}@_Z3runl(
// CHECK-NOT: __oli_site_enter
// CHECK: call {{.*}}ptr @_Z4makel(
