// A class template's constructor, explicitly instantiated, allocates the
// object and stores it into the variable it builds; main sweeps it. C++
// emits the complete-object constructor (C1) as an alias of the base-object
// one (C2), and main calls the alias: a call whose callee is no Function,
// which the analysis did not follow, so main's sweeps were not the object's
// (1 pass: the constructor's fill). Calls through an alias of a function of
// the module are now its calls (the object code unchanged). Fill once, then
// 10 steps reading and writing each element: 21 passes.
// RUN: %clangxx -O2 -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clangxx -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// CHECK: remark: site 0x{{[0-9a-f]+}} {{.*}} ({{(19|2[0-3])([.][0-9]*)?}} passes), streaming
// The call still names the alias in the object code.
// IR: @_ZN4GridIdEC1El = weak_odr {{.*}}alias {{.*}} @_ZN4GridIdEC2El
// IR: call void @_ZN4GridIdEC1El(
#include <cstdlib>

template <class T> struct Grid {
  explicit Grid(long n);
  T *u;
  long n;
};

template <class T> Grid<T>::Grid(long n) : u(new T[n]), n(n) {
  for (long i = 0; i < n; i++)
    u[i] = 1;
}

template struct Grid<double>;

int main(int argc, char **argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 1L << 20;
  Grid<double> g(n);
  for (int t = 0; t < 10; t++)
    for (long i = 0; i < g.n; i++)
      g.u[i] = g.u[i] * 0.5 + 1.0;
  return g.u[3] > 0;
}
