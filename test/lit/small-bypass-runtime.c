// With the real runtime: a loop of 10000 small mallocs and one large one from
// the same call site. The runtime counts the site's first 256 small objects,
// then the call site's inline test sends the rest to malloc without a runtime
// call (count 256, count_partial), and the large object still enters the
// runtime; OLI_COUNT_SMALL=1 counts all of them. Every free() goes through the
// inline placed-memory test (FreeBypass.cpp): the small objects to glibc, the
// placed one to the runtime's __oli_free (glibc would abort on it). The program's results
// are the same either way, and in a non-PIE build (no free test there).
// REQUIRES: oli-runtime
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -c %s -o %t.o
// RUN: %clang %t.o -L%oli_libdir -Wl,-rpath,%oli_libdir -loli -o %t.exe
// RUN: env OLI_REPORT=%t.fast.json %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=FAST < %t.fast.json
// RUN: env OLI_COUNT_SMALL=1 OLI_REPORT=%t.all.json %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=ALL < %t.all.json
// RUN: %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -O2 -fno-pie -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NOPIE
// RUN: %clang -O2 -fno-pie -no-pie -fpass-plugin=%oli_pass %s -L%oli_libdir -Wl,-rpath,%oli_libdir -loli -o %t.nopie
// RUN: env OLI_REPORT=%t.nopie.json %t.nopie | FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s --check-prefix=FAST < %t.nopie.json
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile obj; // keeps the optimiser from dropping the malloc/free pair

int main(void) {
  unsigned long sum = 0;
  for (int i = 0; i <= 10000; i++) {
    size_t n = i < 10000 ? 16 + (size_t)(i % 200) : 8 << 20; // the last: placed
    obj = malloc(n);
    memset(obj, i & 0x7f, 16);
    sum += (unsigned char)obj[15];
    if (i < 10000)
      free(obj);
  }
  free(obj); // placed: the runtime's free
  printf("sum %lu\n", sum);
  return 0;
}

// OUT: sum 634120
// FAST: "function": "main"
// FAST-SAME: "count": 257, "count_partial": true, "total_bytes":
// FAST-SAME: "largest": 8388608
// FAST: "small_objects": 256,
// FAST-NEXT: "small_objects_partial_sites": 1,
// IR: select i1 %{{[0-9a-z.]+}}, ptr @__oli_free, ptr @__libc_free
// NOPIE-NOT: @__libc_free
// ALL: "function": "main"
// ALL-SAME: "count": 10001, "count_partial": false,
// ALL: "small_objects": 10000,
// ALL-NEXT: "small_objects_partial_sites": 0,
