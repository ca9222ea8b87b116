// A method that returns the pointer it loads from a member (`double
// *Mesh::x() { return x_; }`, out of line) and another file's kernel that
// sweeps the array through it (`double *x = m.x()`). The defining module
// gives an edge from the member's key into the result's, "_ZN4Mesh1xEv#r";
// the caller's module gives its sweeps through the result as USEs of that
// key, per run of its root (common/summary.h, version 8), so the join counts
// them. Before, they were no module's USE: an outside trial's arrays read 1
// pass, `high` (a loop of the defining file over the member made the key
// look summarised), where the run makes 62. A result key no module uses
// while the function is called is an escape; one of a function no module
// calls (inlined everywhere) never runs (test/cli/test-summary.c).
// RUN: %clangxx -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=DEF
// RUN: %clangxx -O2 -DCALLER -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.c.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.c.ll 2>&1 | FileCheck %s --check-prefix=CALLER
#include <cstddef>

class Mesh {
public:
  explicit Mesh(std::size_t n);
  double *x();
  double sum_x() const;
  std::size_t n_;

private:
  double *x_;
};

#ifndef CALLER
Mesh::Mesh(std::size_t n) : n_(n) {
  x_ = new double[n];
  for (std::size_t i = 0; i < n; i++)
    x_[i] = 1.0;
}
// DEF: oli: summary edge %class.Mesh+8 -> _ZN4Mesh1xEv#r x1{{$}}
double *Mesh::x() { return x_; }
double Mesh::sum_x() const {
  double s = 0.0;
  for (std::size_t i = 0; i < n_; i++)
    s += x_[i];
  return s;
}
#else
// CALLER: oli: summary use _ZN4Mesh1xEv#r under _Z5scaleR4Mesh(): streaming
void scale(Mesh &m) {
  double *x = m.x();
  for (std::size_t i = 0; i < m.n_; i++)
    x[i] *= 0.5;
}
#endif
