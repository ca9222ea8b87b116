// Through clang, a bad OLI_PASS_OPTIONS entry is one compiler error naming the
// entry and what is accepted, and the compile fails (no crash, no output).
// RUN: env OLI_PASS_OPTIONS='min-global-size=big' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: env OLI_PASS_OPTIONS='wrapers=1' not %clang -O0 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: env OLI_PASS_OPTIONS='root=%t.no-such-dir' not %clang -O2 -fpass-plugin=%oli_pass -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ROOT
// CHECK: error: oli: option 'min-global-size=big' in OLI_PASS_OPTIONS: expected a size (bytes, or a number with K, M, G, T, P: e.g. 64K, 1.5M)
// CHECK-NOT: Stack dump
// UNKNOWN: error: oli: unknown option 'wrapers' in OLI_PASS_OPTIONS; accepted: root=PATH,
// ROOT: error: oli: option 'root={{.*}}.no-such-dir' in OLI_PASS_OPTIONS: expected an existing directory (the root of the sources' paths)
int f(void) { return 0; }
