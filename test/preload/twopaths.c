/* test/preload/twopaths.c - one allocation line reached by two call paths:
 * a solver's work arrays (48 MiB, the footprint's bulk) and its small
 * buffers (2 MiB), both made by make() - built without the plugin, run under
 * LD_PRELOAD=liboli.so. Each path is its own call-stack site, whatever order
 * the allocations come in, and each gets its own decision: here ten buffers
 * come first, then the work arrays, then the last buffers, so the return
 * address in make() has seen one path many times when the other arrives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __attribute__((noinline)) char *make(size_t n) {
  char *p = malloc(n);
  if (p) memset(p, 1, 4096);
  return p;
}
static __attribute__((noinline)) char *work_array(void) { return make(48u << 20); }
static __attribute__((noinline)) char *buffer(void) { return make(2u << 20); }

int main(void) {
  char *keep[24];
  for (int i = 0; i < 12; i++) {
    keep[2 * i] = i == 10 || i == 11 ? work_array() : NULL;
    keep[2 * i + 1] = buffer();
  }
  long sum = 0;
  for (int i = 0; i < 24; i++) sum += keep[i] ? keep[i][0] : 0;
  printf("sum %ld\n", sum);
  return sum == 14 ? 0 : 1;
}
