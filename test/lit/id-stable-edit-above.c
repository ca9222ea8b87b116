// With debug info, inserting an unrelated function above a site does not
// change its ID (line relative to the function start); the absolute line in
// the record moves with the edit. Without debug info the ID is the ordinal
// among the function's allocation calls, unchanged by the edit as well.
// RUN: %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %inputs/stable.c -o - | grep 'section "oli_sites"' > %t
// RUN: %clang -O0 -gline-tables-only -DEXTRA_ABOVE -fpass-plugin=%oli_pass -S -emit-llvm %inputs/stable.c -o - | grep 'section "oli_sites"' >> %t
// RUN: FileCheck %s < %t
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %inputs/stable.c -o - | grep 'section "oli_sites"' > %t.nodebug
// RUN: %clang -O0 -DEXTRA_ABOVE -fpass-plugin=%oli_pass -S -emit-llvm %inputs/stable.c -o - | grep 'section "oli_sites"' >> %t.nodebug
// RUN: FileCheck %s --check-prefix=NODEBUG < %t.nodebug
// The preprocessor keeps line numbers, so the edit moves nothing in the
// file itself; a copy with real lines inserted shows the absolute line move.
// RUN: rm -rf %t.plain %t.edited && mkdir %t.plain %t.edited
// RUN: sed -e 's/^#ifdef EXTRA_ABOVE$//' -e 's/^#endif$//' %inputs/stable.c > %t.edited/stable.c
// RUN: sed -e '/^#ifdef EXTRA_ABOVE$/,/^#endif$/d' %inputs/stable.c > %t.plain/stable.c
// RUN: env OLI_PASS_OPTIONS=root=%t.plain %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %t.plain/stable.c -o - | grep 'section "oli_sites"' > %t.lines
// RUN: env OLI_PASS_OPTIONS=root=%t.edited %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %t.edited/stable.c -o - | grep 'section "oli_sites"' >> %t.lines
// RUN: FileCheck %s --check-prefix=MOVED < %t.lines

// CHECK: i8 1, i8 2, i64 [[ID:-?[0-9]+]], i64 0, i32 15, i32 1,
// CHECK-NEXT: i8 1, i8 2, i64 [[ID]], i64 0, i32 15, i32 1,
// NODEBUG: i8 1, i8 0, i64 [[ID:-?[0-9]+]], i64 0, i32 0, i32 0,
// NODEBUG-NEXT: i8 1, i8 0, i64 [[ID]], i64 0, i32 0, i32 0,
// MOVED: i8 1, i8 2, i64 [[ID:-?[0-9]+]], i64 0, i32 7, i32 1, {{.*}} c"stable.c\00
// MOVED-NEXT: i8 1, i8 2, i64 [[ID]], i64 0, i32 15, i32 1,
