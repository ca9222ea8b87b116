// new[] guards its count against overflow (`n > MAX ? -1 : n * 8`, the -1
// making operator new[] throw): the size is the other arm, so loops over
// the same n count exactly. An array written once, then read and written in
// each of 10 calls of a member function: 21 passes, high. Before: 7.03,
// medium - the guard's select was a symbol of its own, the loops' counts
// guessed (3.2x low in an outside trial; the same code with malloc was exact).
// REQUIRES: oli-cli
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass %s -o %t -L%oli_libdir -loli -Wl,-rpath,%oli_libdir
// RUN: %oli_cli sites %t | FileCheck %s

// CHECK: new[] {{.*}} S::S(long) a_ ? {{[0-9.]+}} 21 streaming high
struct S {
  long n_;
  double *a_;
  explicit S(long n);
  double step();
};

__attribute__((noinline)) S::S(long n) : n_(n) {
  a_ = new double[n_];
  for (long k = 0; k < n_; k++)
    a_[k] = 1.0;
}

__attribute__((noinline)) double S::step() {
  double s = 0;
  for (long k = 0; k < n_; k++)
    s += a_[k] *= 0.5;
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  S s(argc * 1000000L);
  double t = 0;
  for (int it = 0; it < 10; it++)
    t += s.step();
  return t > 0 ? 0 : 1;
}
