// A std::vector's static estimate belongs to the vector's own site (the
// bracket around the call into the library, as the runtime attributes its
// object), not to the library's allocation inside:
//  - the size chosen on two paths: the optimiser duplicates the bracket's
//    enter onto both, and their results meet in a phi for the leave; the
//    enters of one record together cover the call (an outside trial's
//    `rowsum` had no estimate, the library's stl_vector.h site had it);
//  - the constructor not inlined: it stores the new object into the vector
//    (this->start), which is the bracket's root in the caller.
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='stl_vector.h:{{[0-9]+}}: {{[0-9.e+-]+}} accesses/byte'
// RUN: %clangxx -O2 -fno-inline -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='stl_vector.h:{{[0-9]+}}: {{[0-9.e+-]+}} accesses/byte'
#include <cstdio>
#include <cstdlib>
#include <vector>

// CHECK: remark: site 0x{{[0-9a-f]+}} 'rowsum' {{.*}}container-estimate.cpp:[[@LINE+3]]: {{[0-9.e+-]+}} accesses/byte
int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], 0, 10) : (1 << 21);
  std::vector<double> rowsum(n);
  for (size_t k = 0; k < rowsum.size(); k++) rowsum[k] = k * 2.0;
  double s = 0;
  for (size_t k = 0; k < n; k += 7) s += rowsum[k];
  printf("%f\n", s);
  return 0;
}
