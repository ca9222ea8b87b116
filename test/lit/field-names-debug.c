// A heap object stored into a field of a struct is named from the debug-info
// types when the unit has them (-g): SD.nuclide_grid (a local struct returned
// through sret), SD.in.energy (a nested anonymous struct), p->field (through
// a pointer); a plain local pointer is named after its variable (`local`);
// an array element of a field and a union member (a store to the union
// itself: no field in the IR) get no name. The
// source file is gone when the pass runs: the names come from the types alone.
// RUN: rm -rf %t && mkdir -p %t && cp %inputs/fields.c %t/fields.c
// RUN: cd %t && %clang -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm fields.c -o fields.ll
// RUN: rm %t/fields.c
// RUN: %opt -load-pass-plugin=%oli_pass -passes=oli-tag-sites -S %t/fields.ll | FileCheck %s

// CHECK: c"fields.c\00grid_init\00SD.nuclide_grid\00
// CHECK: c"fields.c\00grid_init\00SD.in.energy\00
// CHECK: c"fields.c\00grid_init\00\00
// CHECK: c"fields.c\00fill\00p->field\00
// CHECK: c"fields.c\00fill\00local\00
// CHECK: c"fields.c\00pick\00\00
