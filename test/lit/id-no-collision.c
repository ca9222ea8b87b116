// Two sites in different files, in same-named functions on the same lines,
// get different IDs (the file is part of the recipe), with and without
// debug info.
// RUN: %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %inputs/collide-a.c -o - | grep 'section "oli_sites"' > %t
// RUN: %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %inputs/collide-b.c -o - | grep 'section "oli_sites"' >> %t
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %inputs/collide-a.c -o - | grep 'section "oli_sites"' >> %t
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %inputs/collide-b.c -o - | grep 'section "oli_sites"' >> %t
// RUN: FileCheck %s < %t
// Four records, four distinct IDs:
// RUN: grep -o 'i8 1, i8 [0-9]*, i64 -*[0-9]*' %t | sort -u | count 4

// CHECK: i8 1, i8 2, i64 {{-?[0-9]+}}, i64 0, i32 3, i32 0, {{.*}}collide-a.c\00setup\00buf\00
// CHECK-NEXT: i8 1, i8 2, i64 {{-?[0-9]+}}, i64 0, i32 3, i32 0, {{.*}}collide-b.c\00setup\00buf\00
// CHECK-NEXT: i8 1, i8 0, {{.*}}collide-a.c\00setup\00buf\00
// CHECK-NEXT: i8 1, i8 0, {{.*}}collide-b.c\00setup\00buf\00
