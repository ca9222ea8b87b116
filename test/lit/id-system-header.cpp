// A site inside a system header (libstdc++'s allocator under /usr/include)
// keeps its absolute path when the compile directory is elsewhere, as
// debuggers show it; the program's own file stays relative to the compile
// directory.
// RUN: rm -rf %t && mkdir -p %t/src/obj && cp %s %t/src/v.cpp
// RUN: cd %t/src/obj && %clangxx -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm ../v.cpp -o - \
// RUN:   | grep 'section "oli_sites"' | FileCheck %s
#include <vector>

int main(int argc, char **argv) {
  std::vector<double> u(argc * 1000000);
  return u[0] != 0;
}

// CHECK-DAG: c"{{[^/"][^"]*}}src/v.cpp\00main\00u\00
// CHECK-DAG: c"/usr/include/{{.*}}new_allocator.h\00
// CHECK-NOT: c"usr/
