// A plan=FILE that cannot be embedded is one compiler error naming the file
// and what is wrong, and the compile fails: missing file, not JSON, a
// profile instead of a plan, a version this oli does not read, a bad
// decision, a bad ratio, a duplicated site ID.
// RUN: env OLI_PASS_OPTIONS='plan=%t.missing' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: printf '{"schema": "oli-plan",' > %t.trunc
// RUN: env OLI_PASS_OPTIONS='plan=%t.trunc' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: printf '{"schema": "oli-profile", "version": 1, "sites": []}' > %t.prof
// RUN: env OLI_PASS_OPTIONS='plan=%t.prof' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PROFILE
// RUN: printf '{"schema": "oli-plan", "version": 2, "sites": []}' > %t.v2
// RUN: env OLI_PASS_OPTIONS='plan=%t.v2' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "hbm"}]}' > %t.dec
// RUN: env OLI_PASS_OPTIONS='plan=%t.dec' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DECISION
// RUN: printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "interleave", "ratio": "3:x"}]}' > %t.ratio
// RUN: env OLI_PASS_OPTIONS='plan=%t.ratio' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=RATIO
// RUN: printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "dram"}, {"id": "0x01", "decision": "cxl"}]}' > %t.dup
// RUN: env OLI_PASS_OPTIONS='plan=%t.dup' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DUP
// MISSING: error: oli: plan={{.*}}.missing: cannot read: No such file or directory
// TRUNC: error: oli: plan={{.*}}.trunc: not JSON: [1:22, byte=22]: Expected object key
// PROFILE: error: oli: plan={{.*}}.prof: schema is 'oli-profile'; expected an oli-plan (from `oli plan`), not a profile or report
// VERSION: error: oli: plan={{.*}}.v2: oli-plan version 2 is not supported (this oli reads version 1)
// DECISION: error: oli: plan={{.*}}.dec: sites[0]: "decision" is not one of dram, interleave, cxl
// RATIO: error: oli: plan={{.*}}.ratio: sites[0]: interleave "ratio" is not D:C or D:C:R (integers 0-1000)
// DUP: error: oli: plan={{.*}}.dup: sites[1]: site id 0x01 appears twice
// CHECK-NOT: Stack dump
#include <stdlib.h>
void *f(void) { return malloc(1 << 20); }
