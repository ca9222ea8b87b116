// The ID is exactly the recipe of docs/site-ids.md, recomputed here by an
// independent script (Inputs/site-id.py): FNV-1a 64 over "oli-site-v1",
// the source path relative to the root, the mangled function, the kind,
// "L<rel>:<col>" with debug info or "N<ordinal>" without, and a duplicate
// counter when two sites share kind, line and column (a macro).
// RUN: python3 %inputs/site-id.py --prefix 'DBG: i8 1, i8 3, i64 ' id-recipe.c work 1 L1:12 > %t.chk
// RUN: python3 %inputs/site-id.py --prefix 'DBG-NEXT: i8 2, i8 2, i64 ' id-recipe.c work 2 L2:12 >> %t.chk
// RUN: python3 %inputs/site-id.py --prefix 'DBG-NEXT: i8 1, i8 2, i64 ' id-recipe.c work 1 L3:12 >> %t.chk
// RUN: python3 %inputs/site-id.py --prefix 'DBG-NEXT: i8 1, i8 2, i64 ' id-recipe.c work 1 L3:12 1 >> %t.chk
// RUN: python3 %inputs/site-id.py --prefix 'NODBG: i8 1, i8 1, i64 ' id-recipe.c work 1 N0 > %t.nchk
// RUN: python3 %inputs/site-id.py --prefix 'NODBG-NEXT: i8 2, i8 0, i64 ' id-recipe.c work 2 N1 >> %t.nchk
// RUN: python3 %inputs/site-id.py --prefix 'NODBG-NEXT: i8 1, i8 0, i64 ' id-recipe.c work 1 N2 >> %t.nchk
// RUN: python3 %inputs/site-id.py --prefix 'NODBG-NEXT: i8 1, i8 0, i64 ' id-recipe.c work 1 N3 >> %t.nchk
// RUN: cd %S && env OLI_PASS_OPTIONS=root=%S %clang -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %t.chk --check-prefix=DBG
// RUN: cd %S && env OLI_PASS_OPTIONS=root=%S %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %t.nchk --check-prefix=NODBG
#include <stdlib.h>
#define TWO(n) malloc(n), malloc(n)
void work(size_t n, void **out) {
  out[0] = malloc(1 << 20);
  out[1] = calloc(n, 8);
  out[2] = TWO(n);
}
