// A grid's dimensions kept in a config struct on main's stack, each set
// from argv or a default (`c.nx = argc > 1 ? atol(argv[1]) : 1024`: the
// optimiser sinks the store into both arms, two stores of two values), and
// the struct passed to another file's boundary update, which loops to c->nx
// and c->ny. The slot holds the phi that merges the two values, so u's size
// is `8 * %struct.config_t+0 * %struct.config_t+8`, the symbols the other
// file's counts are in; and the struct's first field is no scalar passed by
// reference (`apply_bc#0+0`). The join then counts the edges exactly: 2.02
// passes, where each call was taken to sweep u 1.6 times (17.3, medium).
// RUN: %clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%oli_pass -passes='oli-tag-sites,default<O2>,print<oli-static-intensity>' \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long nx, ny;
} config_t;
void apply_bc(const config_t *c, double *u); // another file: the grid's edges

// CHECK: oli: site 0x{{[0-9a-f]+}} '{{[-u]}}' {{.*}} (2 passes)
// CHECK: oli: summary edge 0x{{[0-9a-f]+}} -> apply_bc#1 x10, size {{[0-9.e+]+}} at the sample point of %struct.config_t+0,%struct.config_t+8{{$}}
int main(int argc, char **argv) {
  config_t c;
  c.nx = argc > 1 ? atol(argv[1]) : 1024;
  c.ny = argc > 2 ? atol(argv[2]) : 1024;
  double *u = malloc(c.nx * c.ny * sizeof(double));
  for (long k = 0; k < c.nx * c.ny; k++)
    u[k] = (double)k;
  for (int t = 0; t < 10; t++)
    apply_bc(&c, u);
  double s = 0;
  for (long k = 0; k < c.nx * c.ny; k++)
    s += u[k];
  printf("%g\n", s);
  free(u);
  return 0;
}
