// An object stored into a global other modules read, sized in a parameter
// of a function they call (init(n)): the site's edge into the global's key
// gives its size at the sample point in that parameter, against which the
// join counts the other modules' twin USEs whose parameters the calls show
// equal to it (common/summary.h, version 5). Before, only a size in shared
// symbols went on an edge.
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> @u+0 x1, size 1.638e+04 at the sample point of init#0{{$}}

#include <stdlib.h>

double *u;

void init(long n) {
  u = malloc(n * sizeof *u);
  for (long i = 0; i < n; i++)
    u[i] = i;
}
