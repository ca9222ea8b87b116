// Rows given by their starts (`for e in [start[b], start[b+1])`: a CSR
// matrix's rows, a radix sort's buckets) sweep the array: the element at a
// row's start, which the compiler peels off the unrolled row loop, is the
// sweep's too, though its index is loaded. Before, that one access read
// `gather` (the IS-like kernel's key_buff2: 21% gathered, and a profile that
// trusted the pass for its scattered samples could not).
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 | FileCheck %s
#include <stdlib.h>

__attribute__((noinline)) void histogram(long *restrict count, const int *keys, const long *restrict start, int buckets,
                                         int iterations) {
  for (int it = 0; it < iterations; it++)
    for (int b = 0; b < buckets; b++)
#pragma clang loop unroll_count(2) // an odd row's first element peeled off: one access, in the bucket loop
      for (long e = start[b]; e < start[b + 1]; e++)
        count[keys[e]]++;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000000, buckets = 1024;
  // CHECK: remark: site 0x{{[0-9a-f]+}} 'keys' {{.*}}: {{.*}} passes), streaming (streaming 100%)
  int *keys = malloc((size_t)n * sizeof(int));
  long *start = calloc((size_t)buckets + 1, sizeof(long)), *count = calloc((size_t)n, sizeof(long));
  for (int i = 0; i < n; i++) keys[i] = (i * 7) % n;
  for (int b = 0; b <= buckets; b++) start[b] = (long)n * b / buckets;
  histogram(count, keys, start, buckets, 10);
  return (int)count[n / 2];
}
