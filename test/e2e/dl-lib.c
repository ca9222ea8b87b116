/* test/e2e/dl-lib.c - a library built with the plugin and dlopen'ed by
 * dl-main.c: a placed heap object, small objects (enough to take the
 * small-object fast path, which writes the record's small_shift), a
 * registered global, and (built with plan=) an embedded plan. */
#include <stdlib.h>
#include <string.h>

double lib_grid[1 << 18]; /* 2 MiB: registered and placed before main sees it */

void *lib_big(size_t n) {
  char *big_block = malloc(n);
  if (big_block) memset(big_block, 1, n);
  return big_block;
}

void lib_small(void **out, int n) {
  for (int i = 0; i < n; i++) {
    char *small_thing = malloc(64 + (size_t)i % 8);
    if (small_thing) small_thing[0] = (char)i;
    out[i] = small_thing;
  }
}

double lib_touch(void) {
  double s = 0;
  for (size_t i = 0; i < sizeof lib_grid / sizeof lib_grid[0]; i++) s += lib_grid[i] = (double)i;
  return s;
}
