// The same source compiled from two build directories, by a relative path
// (../src, ../../src) or by its absolute path, with or without debug info,
// gets the same ID; the root option gives the path relative to a chosen root.
// RUN: rm -rf %t && mkdir -p %t/src %t/build-a %t/b/build/sub
// RUN: cp %inputs/stable.c %t/src/stable.c
// RUN: cd %t/build-a && %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm ../src/stable.c -o - | grep 'section "oli_sites"' > %t/ids
// RUN: cd %t/b/build/sub && %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm ../../../src/stable.c -o - | grep 'section "oli_sites"' >> %t/ids
// RUN: cd %t/b/build && %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %t/src/stable.c -o - | grep 'section "oli_sites"' >> %t/ids
// RUN: FileCheck %s --check-prefix=DEBUG < %t/ids
// RUN: cd %t/build-a && %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm ../src/stable.c -o - | grep 'section "oli_sites"' > %t/nodebug
// RUN: cd %t/b/build/sub && %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm ../../../src/stable.c -o - | grep 'section "oli_sites"' >> %t/nodebug
// RUN: FileCheck %s --check-prefix=NODEBUG < %t/nodebug
// RUN: cd %t/build-a && env OLI_PASS_OPTIONS="root=%t/src" %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm ../src/stable.c -o - | FileCheck %s --check-prefix=ROOT
// The generated-source case: a copy inside each build directory.
// RUN: mkdir -p %t/build-a/gen %t/b/build/gen && cp %inputs/stable.c %t/build-a/gen/ && cp %inputs/stable.c %t/b/build/gen/
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %t/build-a/gen/stable.c -o - | grep 'section "oli_sites"' > %t/gen
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %t/b/build/gen/stable.c -o - | grep 'section "oli_sites"' >> %t/gen
// RUN: FileCheck %s --check-prefix=GEN < %t/gen

// DEBUG: i8 1, i8 2, i64 [[ID:-?[0-9]+]], i64 0, i32 15, i32 1, {{.*}}stable.c\00alloc_field\00field\00
// DEBUG-NEXT: i8 1, i8 2, i64 [[ID]], i64 0, i32 15, i32 1,
// DEBUG-NEXT: i8 1, i8 2, i64 [[ID]], i64 0, i32 15, i32 1,
// NODEBUG: i8 1, i8 0, i64 [[ID:-?[0-9]+]], i64 0, i32 0, i32 0, {{.*}}c"src/stable.c\00alloc_field\00field\00
// NODEBUG-NEXT: i8 1, i8 0, i64 [[ID]],
// ROOT: c"stable.c\00alloc_field\00field\00
// GEN: i8 1, i8 0, i64 [[ID:-?[0-9]+]], {{.*}}c"gen/stable.c\00alloc_field\00field\00
// GEN-NEXT: i8 1, i8 0, i64 [[ID]], {{.*}}c"gen/stable.c\00
