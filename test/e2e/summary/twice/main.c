#include <stdio.h>
#include <stdlib.h>

#include "field.h"

/* Two fields from field_init's one site, read and written in turn: each
 * written once, then read twice and written once per step of 10 (31
 * passes). */
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1 << 20;
  field_t a, b;
  field_init(&a, n);
  field_init(&b, n);
  for (int t = 0; t < 10; t++) {
    relax(&a, &b);
    relax(&b, &a);
  }
  printf("%g\n", a.d[3] + b.d[3]);
  return 0;
}
