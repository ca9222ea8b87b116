// A function returning `new Grid(n)` is an allocation wrapper although the
// constructor it calls allocates too: the constructor works on the returned
// object (its `this`), so what it allocates is part of that object and takes
// the site of make_grid's call, as the object itself does.
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
#include <cstdlib>

struct Grid {
  double *d;
  explicit Grid(std::size_t n) : d(static_cast<double *>(std::malloc(n * sizeof(double)))) {}
};

__attribute__((noinline)) Grid *make_grid(std::size_t n) { return new Grid(n); }

Grid *g;

void run(std::size_t n) { g = make_grid(n); }

// CHECK: @[[G:__oli_site[.0-9]*]] = {{.*}} i8 15, i8 {{[0-9]+}}, {{.*}} i32 17, {{.*}}\00run(unsigned long)\00g\00
// CHECK-LABEL: define {{.*}}@_Z3runm(
// CHECK: call ptr @__oli_site_enter(ptr {{(nonnull )?}}@[[G]])
// CHECK-NEXT: call {{.*}}ptr @_Z9make_gridm(
