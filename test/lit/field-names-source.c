// With line tables only (-gline-tables-only: no types), a heap object stored
// into a field of a struct is named from the call's source line, read by the
// pass when the file is there: the assignment's left-hand side when it is a
// member access with as many fields as the store goes through (SD.nuclide_grid,
// SD.in.energy, p->field), and a plain local pointer's variable (`local`). A
// union member (u.l: a store to the union itself, no field in the IR) has
// none. Without the file, or without debug info, no name.
// RUN: rm -rf %t && mkdir -p %t && cp %inputs/fields.c %t/fields.c
// RUN: cd %t && %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm fields.c -o - | FileCheck %s
// RUN: cd %t && %clang -O2 -gline-tables-only -Xclang -disable-llvm-passes -S -emit-llvm fields.c -o fields.ll
// RUN: rm %t/fields.c
// RUN: %opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S %t/fields.ll | FileCheck %s --check-prefix=GONE

// CHECK: c"fields.c\00grid_init\00SD.nuclide_grid\00
// CHECK: c"fields.c\00grid_init\00SD.in.energy\00
// CHECK: c"fields.c\00grid_init\00\00
// CHECK: c"fields.c\00fill\00p->field\00
// CHECK: c"fields.c\00fill\00local\00
// CHECK: c"fields.c\00pick\00\00

// GONE: c"fields.c\00grid_init\00\00
// GONE: c"fields.c\00grid_init\00\00
// GONE: c"fields.c\00grid_init\00\00
// GONE: c"fields.c\00fill\00\00
// GONE: c"fields.c\00fill\00\00
// GONE: c"fields.c\00pick\00\00
// GONE-NOT: SD.
