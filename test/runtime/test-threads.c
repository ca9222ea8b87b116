/* test-threads.c - 16 threads allocating and freeing concurrently, small and
 * placed objects, through __oli_* and the plain interposed functions, each
 * object filled with a thread-specific byte and checked before it is freed. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define THREADS 16
#define ROUNDS 200
#define SLOTS 8

static __oli_site_t *site_small, *site_big;
static _Atomic int bad;

static size_t size_for(unsigned r) {
  static const size_t sizes[] = {24, 4000, 1u << 20, (3u << 20) + 17, 100, 2u << 20};
  return sizes[r % 6];
}

static void *worker(void *arg) {
  unsigned id = (unsigned)(uintptr_t)arg, seed = id * 7919u + 1;
  unsigned char *obj[SLOTS] = {0};
  size_t len[SLOTS] = {0};
  for (int r = 0; r < ROUNDS; r++) {
    seed = seed * 1103515245u + 12345u;
    int k = (int)((seed >> 16) % SLOTS);
    if (obj[k]) {
      for (size_t i = 0; i < len[k]; i += 61)
        if (obj[k][i] != (unsigned char)(id + k)) {
          bad++;
          break;
        }
      if ((seed >> 8) & 1) {
        free(obj[k]);
        obj[k] = NULL;
        continue;
      }
      size_t n = size_for(seed >> 4); /* realloc keeps the prefix */
      unsigned char *q = realloc(obj[k], n);
      if (!q) {
        bad++;
        continue;
      }
      size_t keep = n < len[k] ? n : len[k];
      for (size_t i = 0; i < keep; i += 61)
        if (q[i] != (unsigned char)(id + k)) {
          bad++;
          break;
        }
      memset(q, id + k, n);
      obj[k] = q;
      len[k] = n;
      continue;
    }
    size_t n = size_for(seed >> 4);
    switch ((seed >> 12) % 4) {
    case 0: obj[k] = __oli_malloc(n, n >= (1u << 20) ? site_big : site_small); break;
    case 1: obj[k] = __oli_calloc(1, n, site_big); break;
    case 2: obj[k] = __oli_aligned_alloc(4096, n, site_big); break;
    default: obj[k] = malloc(n); break;
    }
    if (!obj[k]) {
      bad++;
      continue;
    }
    memset(obj[k], id + k, n);
    len[k] = n;
  }
  for (int k = 0; k < SLOTS; k++) free(obj[k]);
  return NULL;
}

int main(void) {
  site_small = test_site(0x3001, OLI_KIND_MALLOC, 0, "small");
  site_big = test_site(0x3002, OLI_KIND_MALLOC, 0, "big");
  pthread_t t[THREADS];
  for (int round = 0; round < 2; round++) { /* second round reuses thread shards */
    for (int i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)(i + round * THREADS));
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  }
  CHECK_EQ("no corrupted bytes, no failed allocation", bad, 0);
  oli_site_state_t *b = _oli_site_state(site_big), *s = _oli_site_state(site_small);
  CHECK_EQ("no live placed bytes left", _oli_site_live_now(b) + _oli_site_live_now(s), 0);
  oli_arena_stats_t as;
  _oli_arena_stats(&as);
  CHECK_EQ("no live arena blocks left", as.live_blocks, 0);
  uint64_t c1, b1, c2, b2;
  _oli_site_totals(b, &c1, &b1, NULL);
  _oli_site_totals(s, &c2, &b2, NULL);
  CHECK("objects were counted", c1 + c2 > 0);
  return TEST_SUMMARY();
}
