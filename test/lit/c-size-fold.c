// C heap sizes that fold after simple propagation get an exact size hint
// (flag 1) at every -O level: products of constant globals and of internal
// globals nothing writes, sizeof arithmetic, a local stored once before the
// call. None for a global another file may write, a local stored twice or
// whose address escapes, a size read at run time, or a product that overflows.
// RUN: %clang -O0 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clang -O2 -fpass-plugin=%oli_pass -S -emit-llvm %s -o - | FileCheck %s
#include <stdlib.h>
void read_size(long *);
static const long NX = 512, NY = 256;
static long nz = 64;
long shared_n = 100;
struct cell { double v[5]; int flag; };
double *a, *b, *c, *d, *e, *f, *g, *h;
struct cell *cells;

// CHECK-DAG: i8 1, i8 1, i64 {{-?[0-9]+}}, i64 1048576, {{.*}}\00a\00
// CHECK-DAG: i8 1, i8 1, i64 {{-?[0-9]+}}, i64 67108864, {{.*}}\00b\00
// CHECK-DAG: i8 1, i8 1, i64 {{-?[0-9]+}}, i64 8000, {{.*}}\00c\00
// CHECK-DAG: i8 2, i8 1, i64 {{-?[0-9]+}}, i64 24576, {{.*}}\00cells\00
// CHECK-DAG: i8 1, i8 0, i64 {{-?[0-9]+}}, i64 0, {{.*}}\00d\00
// CHECK-DAG: i8 1, i8 0, i64 {{-?[0-9]+}}, i64 0, {{.*}}\00e\00
// CHECK-DAG: i8 1, i8 0, i64 {{-?[0-9]+}}, i64 0, {{.*}}\00f\00
// CHECK-DAG: i8 1, i8 0, i64 {{-?[0-9]+}}, i64 0, {{.*}}\00g\00
// CHECK-DAG: i8 1, i8 0, i64 {{-?[0-9]+}}, i64 0, {{.*}}\00h\00
void setup(int argc, char **argv) {
  long n = 1000, twice = 10, escaped = 10, big = 1L << 40;
  a = malloc(NX * NY * sizeof(double));
  b = malloc(NX * NY * nz * sizeof *b);
  c = malloc(n * sizeof *c);
  cells = calloc(NX, sizeof(struct cell));
  d = malloc(shared_n * sizeof *d);
  if (argc > 2) twice = 20;
  e = malloc(twice * sizeof *e);
  read_size(&escaped);
  f = malloc(escaped * sizeof *f);
  g = malloc(atol(argv[1]) * sizeof *g);
  h = malloc(big * big);
}
