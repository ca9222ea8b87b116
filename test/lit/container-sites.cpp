// A call from the program into allocating standard-library code (a
// std::vector constructor, resize) is bracketed at the caller: each vector
// is its own site at its own line, named after the object, instead of one
// site per template instantiation at the libstdc++ header's line. Not in a
// loop: push_back would pay the bracket on every element.
// RUN: %clangxx -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: env OLI_PASS_OPTIONS=containers=0 %clangxx -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=OFF
#include <cstddef>
#include <vector>

struct Field {
  std::vector<double> a, b;
  explicit Field(std::size_t n) : a(n), b(2 * n) {}
};

double use(const std::vector<double> &, const Field &);

double run(std::size_t n) {
  std::vector<double> u(n, 0.0);
  Field f(n);
  std::vector<double> p;
  for (std::size_t i = 0; i < n; ++i)
    p.push_back(i);
  p.resize(2 * n);
  double s = use(u, f) + use(p, f);
  for (int k = 0; k < 3; ++k) {
    std::vector<double> t(n);
    s += use(t, f);
  }
  return s;
}

// CHECK-DAG: @[[U:__oli_site[.0-9]*]] = private {{.*}} i8 15, {{.*}} i32 20, {{.*}}\00run(unsigned long)\00u\00
// CHECK-DAG: @[[P:__oli_site[.0-9]*]] = private {{.*}} i8 15, {{.*}} i32 25, {{.*}}\00run(unsigned long)\00p\00
// CHECK-DAG: @[[A:__oli_site[.0-9a-f]*]] = linkonce_odr hidden {{.*}} i8 15, {{.*}} i32 14, {{.*}}\00Field::Field(unsigned long)\00a\00
// CHECK-DAG: @[[B:__oli_site[.0-9a-f]*]] = linkonce_odr hidden {{.*}} i8 15, {{.*}} i32 14, {{.*}}\00Field::Field(unsigned long)\00b\00
// The library's own record names no object (not this->_M_impl._M_start).
// CHECK-DAG: @__oli_site.{{[0-9a-f]+}} = linkonce_odr hidden {{.*}}\00std::_Vector_base<double, std::allocator<double> >::_M_create_storage(unsigned long)\00\00

// CHECK-LABEL: define {{.*}}@_Z3runm(
// CHECK: call ptr @__oli_site_enter(ptr @[[U]])
// CHECK-NEXT: invoke void @_ZNSt6vectorIdSaIdEEC2EmRKdRKS0_(
// The user's Field constructor is not library code: its own calls are bracketed.
// CHECK-NOT: @__oli_site_enter
// CHECK: invoke void @_ZN5FieldC2Em(
// CHECK-NOT: @__oli_site_enter
// CHECK: invoke void @_ZNSt6vectorIdSaIdEE9push_backEOd(
// CHECK: call ptr @__oli_site_enter(ptr @[[P]])
// CHECK-NEXT: invoke void @_ZNSt6vectorIdSaIdEE6resizeEm(
// CHECK-NOT: @__oli_site_enter
// CHECK: invoke void @_ZNSt6vectorIdSaIdEEC2EmRKS0_(
// CHECK: ret double

// CHECK-LABEL: define {{.*}}@_ZN5FieldC2Em(
// CHECK: call ptr @__oli_site_enter(ptr @[[A]])
// CHECK-NEXT: invoke void @_ZNSt6vectorIdSaIdEEC2EmRKS0_(
// CHECK: call ptr @__oli_site_enter(ptr @[[B]])
// CHECK-NEXT: invoke void @_ZNSt6vectorIdSaIdEEC2EmRKS0_(

// OFF-LABEL: define {{.*}}@_Z3runm(
// OFF-NOT: @__oli_site_enter
// OFF: define
