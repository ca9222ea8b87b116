// C++ through clang++: every operator new/new[] form a new-expression emits
// (plain, aligned, nothrow, array) becomes __oli_new/__oli_new_nothrow with
// its size and alignment; a new whose constructor may throw is an invoke
// inside a try block is an invoke and stays one (flag INVOKE); placement
// new is left alone.
// RUN: %clangxx -O0 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O2
#include <new>

struct alignas(64) Block { double v[8]; };
struct Thrower { Thrower(); ~Thrower(); int x; };
int *table;

// CHECK: i8 10, i8 3, i64 {{-?[0-9]+}}, i64 4000, i32 [[#L:]], i32 1, {{.*}}\00make()\00table\00
// CHECK: i8 9, i8 11, i64 {{-?[0-9]+}}, i64 64, i32 [[#L+1]], i32 2,
// CHECK: i8 10, i8 11, i64 {{-?[0-9]+}}, i64 640, i32 [[#L+2]], i32 3,
// CHECK: i8 10, i8 7, i64 {{-?[0-9]+}}, i64 400, i32 [[#L+3]], i32 4,
// CHECK: i8 9, i8 15, i64 {{-?[0-9]+}}, i64 64, i32 [[#L+4]], i32 5,
// CHECK: i8 9, i8 19, i64 {{-?[0-9]+}}, i64 4, i32 [[#L+7]], i32 8,
// CHECK-LABEL: define {{.*}}@_Z4makev(
// CHECK: call noalias noundef nonnull ptr @__oli_new(i64 noundef 4000, i64 0, ptr @__oli_site)
// CHECK: call noalias noundef nonnull align 64 ptr @__oli_new(i64 noundef 64, i64 noundef 64, ptr @__oli_site.1)
// CHECK: call noalias noundef nonnull align 64 ptr @__oli_new(i64 noundef 640, i64 noundef 64, ptr @__oli_site.2)
// CHECK: call noalias noundef ptr @__oli_new_nothrow(i64 noundef 400, i64 0, ptr @__oli_site.3)
// CHECK: call noalias noundef align 64 ptr @__oli_new_nothrow(i64 noundef 64, i64 noundef 64, ptr @__oli_site.4)
// CHECK: invoke noalias noundef nonnull ptr @__oli_new(i64 noundef 4, i64 0, ptr @__oli_site.5)
// CHECK-NOT: {{call|invoke}} {{.*}}@_Zn{{w|a}}m(
// CHECK-LABEL: define internal void @oli.module_ctor(
// O2-LABEL: define {{.*}}@_Z4makev(
// O2: call {{.*}}@__oli_new(i64 noundef 4000, i64 0, ptr {{(nonnull )?}}@__oli_site)
void make() {
  table = new int[1000];
  Block *b = new Block;
  Block *c = new Block[10];
  int *d = new (std::nothrow) int[100];
  Block *e = new (std::nothrow) Block;
  Thrower *t = nullptr;
  try {
    t = new Thrower;
  } catch (...) {
  }
  static char arena[64];
  int *p = new (arena) int(7);
  (void)b; (void)c; (void)d; (void)e; (void)t; (void)p;
}
