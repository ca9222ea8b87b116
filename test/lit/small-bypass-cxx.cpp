// C++ with the real runtime: after the fast path is on, small new/delete,
// aligned new[] and nothrow new take the small path (operator new itself),
// a constructor that throws inside a try block still unwinds through the
// small path's invoke (the object is freed, the exception caught), and a huge
// new still enters the runtime and throws std::bad_alloc through the real
// operator new. The results do not depend on OLI_COUNT_SMALL.
// REQUIRES: oli-runtime
// RUN: %clangxx -O2 -gline-tables-only -fpass-plugin=%oli_pass %s -L%oli_libdir -Wl,-rpath,%oli_libdir -loli -o %t.exe
// RUN: env OLI_REPORT=%t.json %t.exe | FileCheck %s
// RUN: env OLI_COUNT_SMALL=1 %t.exe | FileCheck %s
// RUN: %FileCheck %s --check-prefix=REPORT < %t.json
#include <cstdio>
#include <new>

struct alignas(64) Block { double v[8]; };
struct Thrower {
  explicit Thrower(int i) : x(i) { if (i % 1000 == 999) throw i; }
  int x;
};

Block *volatile keep_block;
int *volatile keep_int;

int main() {
  long sum = 0, caught = 0;
  for (int i = 0; i < 5000; i++) {
    keep_int = new int(i);
    sum += *keep_int;
    delete keep_int;
    keep_block = new Block[1 + i % 4];
    keep_block[0].v[0] = i;
    sum += (long)keep_block[0].v[0];
    delete[] keep_block;
    int *n = new (std::nothrow) int[2 + i % 8];
    n[0] = 1;
    sum += n[0];
    delete[] n;
    try {
      Thrower *t = new Thrower(i);
      sum += t->x;
      delete t;
    } catch (int) {
      caught++;
    }
  }
  try {
    volatile size_t huge = (size_t)1 << 62;
    keep_int = new int[huge];
    std::printf("no bad_alloc\n");
  } catch (const std::bad_alloc &) {
    std::printf("bad_alloc caught\n");
  }
  std::printf("sum %ld caught %ld\n", sum, caught);
  return 0;
}

// CHECK: bad_alloc caught
// CHECK: sum 37482505 caught 5
// REPORT: "small_objects_partial_sites": {{[1-9]}},
