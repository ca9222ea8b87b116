// A plan=FILE that cannot be embedded is one compiler error naming the file
// and what is wrong (the runtime's and the CLI's reader, common/doc.c, with
// their words and positions), and the compile fails: missing file, not JSON, a
// profile instead of a plan, a version this oli does not read, a bad
// decision, a bad ratio (also one the runtime cannot follow: 3:0:1), a duplicated site ID;
// a FIFO or a device is refused at once (common/infile.c), never read or waited on.
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
// RUN: printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "interleave", "ratio": "3:0:1"}]}' > %t.remote
// RUN: env OLI_PASS_OPTIONS='plan=%t.remote' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMOTE
// RUN: printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "dram"}, {"id": "0x01", "decision": "cxl"}]}' > %t.dup
// RUN: env OLI_PASS_OPTIONS='plan=%t.dup' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DUP
// RUN: rm -f %t.fifo && mkfifo %t.fifo
// RUN: env OLI_PASS_OPTIONS='plan=%t.fifo' not timeout 60 %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=FIFO
// RUN: env OLI_PASS_OPTIONS='plan=/dev/zero' not timeout 60 %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEVICE
// MISSING: error: oli: plan={{.*}}.missing: cannot open: No such file or directory
// TRUNC: error: oli: plan={{.*}}.trunc: line 1, column 23: unexpected end of input, expected a member name
// PROFILE: error: oli: plan={{.*}}.prof: line 1, column 12: schema "oli-profile" is not accepted here (expected oli-plan)
// VERSION: error: oli: plan={{.*}}.v2: line 1, column 35: oli-plan version 2 is not supported (this oli reads version 1)
// DECISION: error: oli: plan={{.*}}.dec: line 1, column 74: "decision" "hbm" is not one of dram, interleave, cxl
// RATIO: error: oli: plan={{.*}}.ratio: line 1, column 97: an interleave decision needs "ratio" "D:C" or "D:C:R" (integers 0..1000, not all 0), found "3:x"
// REMOTE: error: oli: plan={{.*}}.remote: line 1, column 97: an interleave with a remote-DRAM share needs a local-DRAM and a CXL share too ("D:C:R" with D > 0 and C > 0), found "3:0:1"
// DUP: error: oli: plan={{.*}}.dup: line 1, column 83: duplicate site id 0x0000000000000001 (first at line 1)
// FIFO: error: oli: plan={{.*}}.fifo: not a regular file (a FIFO)
// DEVICE: error: oli: plan=/dev/zero: not a regular file (a character device)
// CHECK-NOT: Stack dump
#include <stdlib.h>
void *f(void) { return malloc(1 << 20); }
