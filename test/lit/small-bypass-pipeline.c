// clang -fpass-plugin adds the small-object fast path at the end of the
// pipeline at every -O level; OLI_PASS_OPTIONS=small-bypass=0 leaves it out.
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -flto=thin -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: env OLI_PASS_OPTIONS=small-bypass=0 %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
#include <stdlib.h>

char *keep;

// CHECK-LABEL: @grow(
// CHECK:         load atomic i16, ptr getelementptr inbounds (i8, ptr @__oli_site, i64 38) monotonic
// CHECK:         call {{.*}}ptr @__libc_malloc(
// CHECK:         call {{.*}}ptr @__oli_malloc(
// OFF-LABEL: @grow(
// OFF-NOT:       load atomic
// OFF-NOT:       @__libc_malloc(
// OFF:           call {{.*}}ptr @__oli_malloc(
void grow(size_t n) { keep = malloc(n); }
