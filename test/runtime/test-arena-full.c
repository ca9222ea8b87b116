/* test-arena-full.c - when the reserved arena (OLI_ARENA_SIZE) is exhausted
 * the object comes from glibc with the default policy: the allocation
 * succeeds, W_ARENA_FULL is warned once and the site counts a fallback. After
 * frees, space is reused (cached blocks released back to the pool merge). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

int main(void) {
  setenv("OLI_ARENA_SIZE", "64M", 1);
  setenv("OLI_POLICY", "dram", 1);
  __oli_site_t *s = test_site(0x5001, OLI_KIND_MALLOC, 0, "filler");
  /* 18 MiB objects take 18 MiB + a page (room for their generations) from
   * 2 MiB boundaries (THP): three fit in 64 MiB, at 0, 20 and 40 MiB */
  unsigned char *p[5];
  for (int i = 0; i < 5; i++) {
    p[i] = __oli_malloc(18 * MiB, s);
    CHECK("allocation succeeds", p[i] != NULL);
    if (p[i]) memset(p[i], i + 1, 18 * MiB);
  }
  oli_arena_stats_t as;
  _oli_arena_stats(&as);
  CHECK_EQ("arena is the size asked for", as.reserved, 64 * MiB);
  CHECK("first three placed", _oli_arena_contains(p[0]) && _oli_arena_contains(p[1]) && _oli_arena_contains(p[2]));
  CHECK("fourth and fifth from glibc", !_oli_arena_contains(p[3]) && !_oli_arena_contains(p[4]));
  oli_site_state_t *st = _oli_site_state(s);
  CHECK_EQ("two fallbacks counted", atomic_load(&st->fallbacks), 2);
  CHECK_EQ("W_ARENA_FULL counted", _oli_warning_count(W_ARENA_FULL) >= 1, 1);
  for (int i = 0; i < 5; i++) {
    CHECK("bytes intact", p[i][0] == i + 1 && p[i][18 * MiB - 1] == i + 1);
    free(p[i]);
  }
  /* A different size misses the cache: the pool (after releases) must serve it. */
  unsigned char *big = __oli_malloc(60 * MiB, s);
  CHECK("60 MiB fits again after frees", big && _oli_arena_contains(big));
  if (big) memset(big, 9, 60 * MiB);
  free(big);
  return TEST_SUMMARY();
}
