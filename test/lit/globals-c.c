// C globals through clang: a large .bss array, an initialised static table
// and a function-local static are registered with exact sizes; small and
// const ones are not. With full -g the record carries the declaration line;
// with -gline-tables-only it has none (docs/site-ids.md).
// RUN: %clang -O2 -g -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=FULL
// RUN: %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=LT
double grid[1 << 16];
static int table[1 << 15] = {1, 2, 3};
const double coeff[1 << 16] = {0.5};
double small[16];

double *use(int i) {
  static char scratch[1 << 20];
  scratch[i] = 1;
  return &grid[table[i] + (int)small[i] + (int)coeff[i]];
}

// FULL-DAG: i8 12, i8 1, i64 {{-?[0-9]+}}, i64 524288, i32 7, i32 0, {{.*}}\00\00grid\00
// FULL-DAG: i8 12, i8 1, i64 {{-?[0-9]+}}, i64 131072, i32 8, i32 0, {{.*}}\00\00table\00
// FULL-DAG: i8 12, i8 1, i64 {{-?[0-9]+}}, i64 1048576, i32 13, i32 0, {{.*}}\00use\00scratch\00
// FULL-NOT: \00coeff\00
// FULL-NOT: \00small\00
// LT-DAG: i8 12, i8 1, i64 {{-?[0-9]+}}, i64 524288, i32 0, i32 0, {{.*}}\00\00grid\00
// LT-DAG: i8 12, i8 1, i64 {{-?[0-9]+}}, i64 131072, i32 0, i32 0, {{.*}}\00\00table\00
