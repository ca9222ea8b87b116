// A histogram's in-place update `cnt[key[i]]++` is one gathered access, as
// the portable profile counts it (docs/profile-schema.md, "Portable access
// counts"): the store goes back to the line its load just read. Counted
// load and store, it read twice the passes (0.625 here, its loop's count
// guessed and unrolled: 10 accesses; 0.3125 and 5 now).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

long *histogram(const int *key, long n, long m) {
  // CHECK: [[@LINE+1]]:15: remark: site 0x{{[0-9a-f]+}} 'cnt' {{.*}} (0.31{{[0-9]*}} passes), gather (gather 100%), confidence low, 5 accesses
  long *cnt = calloc(m, sizeof *cnt);
  for (long i = 0; i < n; i++)
    cnt[key[i]]++;
  return cnt;
}
