// A bracketed call into library code is named after the object it works on,
// from the source line when there is no -g: the variable declared or
// assigned, a member, the object of a member call; nothing for a temporary
// that is returned.
// RUN: %clangxx -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clangxx -O0 -g -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
#include <cstddef>
#include <memory>
#include <vector>

struct Grid {
  std::vector<double> cells;
};

std::vector<double> made(std::size_t n) { return std::vector<double>(n); }

double use(double *, const std::vector<double> &, const Grid &);

double run(std::size_t n) {
  auto p = std::make_unique<double[]>(n);
  std::vector<double> a(n), b(2 * n);
  auto c = std::vector<double>(3 * n);
  std::vector<double> d;
  d = std::vector<double>(4 * n);
  Grid g;
  g.cells.resize(5 * n);
  return use(p.get(), a, g) + use(nullptr, b, g) + use(nullptr, c, g) + use(nullptr, d, g);
}

// CHECK-DAG: i32 15, {{.*}}\00made(unsigned long)\00\00
// CHECK-DAG: i32 20, {{.*}}\00run(unsigned long)\00p\00
// CHECK-DAG: i32 21, {{.*}}\00run(unsigned long)\00a\00
// CHECK-DAG: i32 21, {{.*}}\00run(unsigned long)\00b\00
// CHECK-DAG: i32 22, {{.*}}\00run(unsigned long)\00c\00
// CHECK-DAG: i32 24, {{.*}}\00run(unsigned long)\00d\00
// CHECK-DAG: i32 26, {{.*}}\00run(unsigned long)\00g.cells\00
