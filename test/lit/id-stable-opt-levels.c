// A site's ID is the same at -O0, -O1, -O2 and -O3, with debug info
// (-gline-tables-only: relative line and column) and without it (ordinal),
// since the pass runs before any optimisation. The two recipes give
// different IDs from each other, as docs/site-ids.md says.
// RUN: echo G0 > %t
// RUN: %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | grep 'section "oli_sites"' >> %t
// RUN: echo G2 >> %t
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | grep 'section "oli_sites"' >> %t
// RUN: echo G3 >> %t
// RUN: %clang -O3 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | grep 'section "oli_sites"' >> %t
// RUN: echo N0 >> %t
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | grep 'section "oli_sites"' >> %t
// RUN: echo N1 >> %t
// RUN: %clang -O1 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | grep 'section "oli_sites"' >> %t
// RUN: echo N3 >> %t
// RUN: %clang -O3 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | grep 'section "oli_sites"' >> %t
// RUN: FileCheck %s < %t
#include <stdlib.h>

double *grid, *vec;

void setup(size_t n) {
  grid = malloc(n * n * sizeof *grid);
  vec = calloc(n, sizeof *vec);
}

// CHECK-LABEL: G0
// CHECK-NEXT: i8 1, i8 2, i64 [[G1:-?[0-9]+]], i64 0, i32 23, i32 1, {{.*}}setup\00grid\00
// CHECK-NEXT: i8 2, i8 2, i64 [[G2:-?[0-9]+]], i64 0, i32 24, i32 2, {{.*}}setup\00vec\00
// CHECK-LABEL: G2
// CHECK-NEXT: i8 1, i8 2, i64 [[G1]], i64 0, i32 23, i32 1,
// CHECK-NEXT: i8 2, i8 2, i64 [[G2]], i64 0, i32 24, i32 2,
// CHECK-LABEL: G3
// CHECK-NEXT: i8 1, i8 2, i64 [[G1]],
// CHECK-NEXT: i8 2, i8 2, i64 [[G2]],
// CHECK-LABEL: N0
// CHECK-NOT: i64 [[G1]],
// CHECK-NEXT: i8 1, i8 0, i64 [[N1:-?[0-9]+]], i64 0, i32 0, i32 0, {{.*}}setup\00grid\00
// CHECK-NEXT: i8 2, i8 0, i64 [[N2:-?[0-9]+]], i64 0, i32 0, i32 1, {{.*}}setup\00vec\00
// CHECK-LABEL: N1
// CHECK-NEXT: i8 1, i8 0, i64 [[N1]],
// CHECK-NEXT: i8 2, i8 0, i64 [[N2]],
// CHECK-LABEL: N3
// CHECK-NEXT: i8 1, i8 0, i64 [[N1]],
// CHECK-NEXT: i8 2, i8 0, i64 [[N2]],
