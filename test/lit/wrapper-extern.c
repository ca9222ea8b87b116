// A call of another file's function that may be an allocation wrapper (it
// returns a pointer and is given a count: `xmalloc` in util.c) is bracketed
// at the caller's line, its record flagged EXTERN (0x20; with HAS_LINE 0x02:
// 34), so the object is the caller's (`u`, named there), not one site in
// util.c for every caller. Not: a C library function (strdup), one given no
// count (a getter), a call inside a loop (a bracket on every iteration).
// What a wrapper of this file allocates is flagged RETURNED (0x40; 66):
// the runtime gives an EXTERN bracket only such allocations.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// Its estimate rests on a size this file does not know: confidence low, so
// the runtime never takes the object for cold on it alone.
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -Rpass-analysis=oli -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefix=EST %s
// EST: remark: site 0x{{[0-9a-f]+}} 'u' {{.*}}, streaming (streaming 100%), confidence low
// RUN: env OLI_PASS_OPTIONS=extern-wrappers=0 %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - \
// RUN:   | FileCheck --check-prefix=OFF %s
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t n);
double *current_field(void);

__attribute__((noinline)) double *make(size_t n) { return malloc(n * sizeof(double)); }

double *u, *rows[8];
char *copy;

void setup(size_t n, const char *name) {
  u = xmalloc(n * sizeof *u);
  copy = strdup(name);
  double *f = current_field();
  for (int i = 0; i < 8; i++)
    rows[i] = xmalloc(n * sizeof *f);
  rows[0][0] = f[0];
  for (size_t i = 0; i < n; i++) u[i] = f[i];
}

// The wrapper's own malloc (kind 1, line 23): RETURNED.
// CHECK-DAG: @{{__oli_site[.0-9]*}} = {{.*}} i8 1, i8 66, {{.*}} i32 23, {{.*}}\00make\00
// The call of xmalloc at line 29: a bracket (kind 15) flagged EXTERN, named u.
// CHECK-DAG: @[[U:__oli_site[.0-9]*]] = {{.*}} i8 15, i8 34, {{.*}} i32 29, {{.*}}\00setup\00u\00
// CHECK-NOT: i8 15, i8 34, {{.*}} i32 3{{[0-3]}},
// CHECK-LABEL: define {{.*}}@setup(
// CHECK: call ptr @__oli_site_enter(ptr {{(nonnull )?}}@[[U]])
// CHECK-NEXT: call ptr @xmalloc(
// CHECK-NEXT: call void @__oli_site_leave(
// CHECK-NOT: __oli_site_enter
// CHECK: ret void
// OFF-NOT: i8 15, i8 34,
// OFF-NOT: __oli_site_enter
