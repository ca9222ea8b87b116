// Two std::vector members of a state main owns, sized by resize() in an
// init function that stays out of line (as a long initialiser does), then
// swept by a time step in the same file 10 times. The site is init's
// resize call; its object goes into the vector init was given, which is
// main's `s.u`, and main passes the same `s` to step: the caller's vector
// holds the object, as a store through the parameter gives. Before, only
// init's own uses of its parameter were followed: u 1.19 passes, v 0.18,
// where the run makes 22 and 21. Now both follow main's `s` into step:
// about 12 and 10 passes (the step's loops to size() are guessed, and its
// empty-vector test taken at even odds). u, resized with no size at the
// sample point, is main's `s.u` member: its range is the size, which the
// step's loops to `s.u.size()` run to, 23 passes (v's loops run to u's size:
// still guessed).
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 's.u' {{.*}} ({{2[23]([.][0-9]+)?}} passes), streaming (streaming 100%)
// CHECK-DAG: remark: site 0x{{[0-9a-f]+}} 's.v' {{.*}} ({{9|1[0-4]}}{{([.][0-9]+)?}} passes), streaming (streaming 100%)
#include <cstdio>
#include <cstdlib>
#include <vector>

struct State {
  std::vector<double> u, v;
};

__attribute__((noinline)) static void init(State &s, std::size_t n) {
  s.u.resize(n);
  s.v.resize(n);
  for (std::size_t i = 0; i < n; i++)
    s.u[i] = 1.0 / (double)(i + 1);
}

__attribute__((noinline)) static void step(State &s) {
  for (std::size_t i = 0; i < s.u.size(); i++)
    s.v[i] = 0.5 * s.u[i];
  for (std::size_t i = 0; i < s.u.size(); i++)
    s.u[i] = s.v[i] + 1e-3;
}

int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::atol(argv[1]) : 1 << 20;
  State s;
  init(s, n);
  for (int t = 0; t < 10; t++)
    step(s);
  std::printf("%g\n", s.u[7]);
}
