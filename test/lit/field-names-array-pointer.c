// With line tables only, a heap array kept in a pointer to arrays of run-time
// extents (C99: `double (*u)[n] = malloc(sizeof(double[m][n]))`, indexed
// u[i][j]) is named from the call's source line as a plain pointer is: the
// variable inside the declarator's parentheses, past `*` and a qualifier
// (`restrict`), whatever the extents. Before, the reader stopped at the
// declarator's `]` and the site had no name.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/arrays.c
// RUN: cd %t && %clang -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm arrays.c -o - | FileCheck %s

// CHECK-DAG: c"arrays.c\00make\00u\00
// CHECK-DAG: c"arrays.c\00make\00v\00
// CHECK-DAG: c"arrays.c\00make\00w\00
void *malloc(unsigned long);
void use(void *, void *, void *);

void make(int l, int m, int n) {
  double (*u)[n] = malloc(sizeof(double[m][n]));
  double (*restrict v)[n] = malloc(sizeof(double[m][n]));
  float (*w)[m][n] = malloc(sizeof(float[l][m][n]));
  use(u, v, w);
}
