// A method that returns the pointer it loads from a member (`double
// *Mesh::x() { return x_; }`, out of line: other files call it and sweep
// the array through the result). Their accesses are no module's USE of the
// member's key, so the module says the key's objects escape: an empty USE
// flagged `escapes` under the accessor as its root, and the join gives the
// allocating site `low` when some module calls it (a module with main whose
// calls were all inlined says main calls it 0 times: no escape). Before,
// a loop of this file over x_ (sum_x) made the key look summarised, and an
// outside trial's arrays read 1 pass, `high`, where the run makes 62.
// RUN: %clangxx -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s
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

Mesh::Mesh(std::size_t n) : n_(n) {
  x_ = new double[n];
  for (std::size_t i = 0; i < n; i++)
    x_[i] = 1.0;
}
// CHECK-DAG: oli: summary use %class.Mesh+8 under _ZN4Mesh1xEv(): none, passes 0/byte+0 bytes, 0 accesses, escapes
double *Mesh::x() { return x_; }
// CHECK-DAG: oli: summary use %class.Mesh+8 under _ZNK4Mesh5sum_xEv(): streaming
double Mesh::sum_x() const {
  double s = 0.0;
  for (std::size_t i = 0; i < n_; i++)
    s += x_[i];
  return s;
}
