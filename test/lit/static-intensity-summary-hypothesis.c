// An array this file owns (a static), sized in a parameter of bank_init,
// which other modules call, and swept by run_events and tally over their
// own parameters: nothing here relates those to the size (3.85 passes,
// guessed), so the accesses are also counted with every such parameter
// taken as the size's - 1 pass written, 2 x 2 read and written, 1 read:
// 6 at the sample point - into a USE of the site's private key listing
// the site, with an edge from the site giving the size in all of them. The
// join takes it when the callers' arguments show the parameters equal
// (common/summary.h, version 5).
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s

// CHECK: oli: site {{.*}} 'bank' {{.*}}: {{.*}} (3.85 passes), streaming (streaming 100%), confidence medium, {{[0-9]+}} accesses, guessed trip counts
// CHECK: oli: summary use ~=bank_init#0=run_events#0=tally#0@[[ID:[0-9a-f]+]]: {{.*}}counted by 0x[[ID]]; at the sample point of bank_init#0,run_events#0,tally#0: streaming 0/byte+1.228e+04, passes 0/byte+9.826e+04 bytes
// CHECK: oli: summary edge 0x[[ID]] -> ~=bank_init#0=run_events#0=tally#0@[[ID]] x1, size 1.638e+04 at the sample point of bank_init#0,run_events#0,tally#0

#include <stdlib.h>

static double *bank;

void bank_init(long n) {
  bank = malloc(n * sizeof *bank);
  for (long i = 0; i < n; i++)
    bank[i] = i;
}

void run_events(long n) {
  for (int e = 0; e < 2; e++)
    for (long i = 0; i < n; i++)
      bank[i] = bank[i] * 2 + 1;
}

double tally(long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += bank[i];
  return s;
}
