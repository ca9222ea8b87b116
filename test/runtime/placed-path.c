/* test/runtime/placed-path.c - the program placed-path.py walks: three 2 MiB
 * malloc calls at one tagged site (built with the plugin), each between two
 * markers, the block freed after each so the third recycles it. */
#include <stdlib.h>

char *volatile oli_walk_sink;
__attribute__((noinline)) void oli_walk_begin(int i) { __asm__ volatile("" ::"r"(i)); }
__attribute__((noinline)) void oli_walk_end(void) { __asm__ volatile(""); }

int main(void) {
  for (int i = 0; i < 3; i++) {
    oli_walk_begin(i);
    oli_walk_sink = malloc(2u << 20);
    oli_walk_end();
    oli_walk_sink[0] = 1;
    free(oli_walk_sink);
  }
  return 0;
}
