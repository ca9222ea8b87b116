// A constructor that allocates two members (`u(new double[n]), v(new
// double[n])`) fills a struct's fields: its allocations are members with
// sites of their own (OLI_SITE_F_MEMBER 0x80, with HAS_LINE 0x02: i8 -126),
// also inside the bracket of `make_grid`'s call, a wrapper returning `new
// Grid(n)`: before, the bracket gave both arrays and the object itself one
// site at the caller (one decision for all three). A function filling one
// field, or elements of an array (`out[0]`, `out[1]`), is no such filler.
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
#include <cstdlib>

struct Grid {
  explicit Grid(long n) : n(n), u(new double[n]), v(new double[n]) {}
  long n;
  double *u, *v;
};

__attribute__((noinline)) Grid *make_grid(long n) { return new Grid(n); }

struct One {
  explicit One(long n) : w(new double[n]) {}
  double *w;
};

__attribute__((noinline)) void fill(long n, double **out) {
  out[0] = new double[n];
  out[1] = new double[n];
}

Grid *g;
One *o;
double *outs[2];

void run(long n) {
  g = make_grid(n);
  o = new One(n);
  fill(n, outs);
}

// CHECK-DAG: {{.*}} i8 10, i8 -126, {{.*}} i32 12, {{.*}}\00Grid::Grid(long)\00u\00
// CHECK-DAG: {{.*}} i8 10, i8 -126, {{.*}} i32 12, {{.*}}\00Grid::Grid(long)\00v\00
// CHECK-DAG: {{.*}} i8 10, i8 2, {{.*}} i32 20, {{.*}}\00One::One(long)\00w\00
// CHECK-DAG: {{.*}} i8 10, i8 2, {{.*}} i32 25, {{.*}}\00fill(long, double**)\00
// CHECK-DAG: {{.*}} i8 10, i8 2, {{.*}} i32 26, {{.*}}\00fill(long, double**)\00
