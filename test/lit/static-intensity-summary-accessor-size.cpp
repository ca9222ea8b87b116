// An integer accessor defined out of line (`std::size_t Mesh::size() const
// { return n_; }`) and another file's kernel looping to it (`i < m.size()`).
// The defining module gives an edge from the member's key into the
// result's, "_ZNK4Mesh4sizeEv#r", weight 0, flagged stores; the caller's
// module names the call's result so in its trip counts, its sweeps counted
// at that symbol's sample point (common/summary.h, version 9), which the
// join meets with a size in the member (the constructor's `8 * n_`:
// test/cli/test-summary.c, e2e/summaries-accessor). Before, the result was a
// value of the caller's own and the loops' counts a guess: an outside
// trial's class of `new[]` arrays read 24.4 and 22.1 passes of 62 and 61.
// A library's integer result (strlen's, of a char pointer) is no such
// symbol: two calls are two values.
// RUN: %clangxx -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=DEF
// RUN: %clangxx -O2 -DCALLER -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.c.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.c.ll 2>&1 | FileCheck %s --check-prefix=CALLER
#include <cstddef>
#include <cstring>

class Mesh {
public:
  explicit Mesh(std::size_t n);
  std::size_t size() const;
  double *x();

private:
  std::size_t n_;
  double *x_;
};

#ifndef CALLER
Mesh::Mesh(std::size_t n) : n_(n) {
  x_ = new double[n];
  for (std::size_t i = 0; i < n; i++)
    x_[i] = 1.0;
}
// DEF: oli: summary edge %class.Mesh+0 -> _ZNK4Mesh4sizeEv#r x0, stores{{$}}
std::size_t Mesh::size() const { return n_; }
double *Mesh::x() { return x_; }
#else
// CALLER: oli: summary use _ZN4Mesh1xEv#r under _Z5relaxR4Mesh(): {{.*}} at the sample point of _ZNK4Mesh4sizeEv#r:
void relax(Mesh &m) {
  double *x = m.x();
  std::size_t n = m.size();
  for (std::size_t i = 0; i < n; i++)
    x[i] *= 0.5;
}
// CALLER: oli: summary use _ZN4Mesh1xEv#r under _Z5scaleR4MeshPKc(): {{.*}} at the sample point of {{[^:]*}}: streaming {{[0-9.]+}}/byte+0, passes {{[0-9.]+}}/byte+0 bytes, guessed{{$}}
void scale(Mesh &m, const char *arg) {
  double *x = m.x();
  std::size_t n = std::strlen(arg);
  for (std::size_t i = 0; i < n; i++)
    x[i] *= 2.0;
}
// ... also called in the loop's own test, again each iteration (not
// hoisted: the compiler knows nothing of it), on the same object
// CALLER: oli: summary use _ZN4Mesh1xEv#r under _Z6smoothR4Mesh(): {{.*}} at the sample point of _ZNK4Mesh4sizeEv#r: streaming 0/byte+{{[0-9]+}}, passes 0/byte+{{[0-9.e+]+}} bytes{{$}}
void smooth(Mesh &m) {
  double *x = m.x();
  for (std::size_t i = 0; i < m.size(); i++)
    x[i] += 1.0;
}
#endif
