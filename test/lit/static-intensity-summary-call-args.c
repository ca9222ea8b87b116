// A call of another module's function names the values it passes for the
// callee's integer parameters, so that the join can tell two parameters
// equal (common/summary.h, version 5): a value of this module by its symbol
// qualified by the module, the same in both calls that pass np; a constant
// by its decimal; a parameter of a function other modules call by its own
// name (solve#0, which the join follows to solve's callers). Calls that
// pass different values (n / 2, then n) name none. A call no edge counts
// (from a function analysed for nothing) gives an edge of names only.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK-DAG: oli: summary edge main() -> bank_init() x1, parameters bank_init#0=[[NP:%main\.[0-9]+:[^,]+]]{{$}}
// CHECK-DAG: oli: summary edge main() -> run_events() x1, parameters run_events#0=[[NP]],run_events#1=2{{$}}
// CHECK-DAG: oli: summary edge main() -> smooth() x2{{$}}
// CHECK-DAG: oli: summary edge solve() -> tally() x0, parameters tally#0=solve#0, arguments only{{$}}

#include <stdlib.h>

void bank_init(long n);
void run_events(long n, int events);
void smooth(long m);
double tally(long n);

double solve(long n) { return tally(n); }

int main(int argc, char **argv) {
  long np = argc > 1 ? atol(argv[1]) : 1000;
  bank_init(np);
  run_events(np, 2);
  smooth(np / 2);
  smooth(np);
  return (int)solve(np);
}
