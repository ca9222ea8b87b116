/* test/e2e/copies.c: three 8 MiB arrays touched only by memset and memcpy
 * (e2e.sh profile-copies): a cleared once and copied from 10 times, b copied
 * into 10 times, c cleared once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static void copy(double *dst, const double *src, size_t n) {
  memcpy(dst, src, n * sizeof *dst);
}

__attribute__((noinline)) static void clear(double *p, size_t n) { memset(p, 0, n * sizeof *p); }

int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : (size_t)1 << 20;
  double *a = malloc(n * sizeof *a);
  double *b = malloc(n * sizeof *b);
  double *c = malloc(n * sizeof *c);
  if (!a || !b || !c) return 1;
  clear(a, n);
  clear(c, n);
  for (int r = 0; r < 10; r++) {
    a[r] = r; /* a changes: every copy is needed */
    copy(b, a, n);
  }
  printf("%g %g\n", b[n / 2], c[n / 3]);
  free(a);
  free(b);
  free(c);
  return 0;
}
