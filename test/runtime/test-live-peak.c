/* test-live-peak: a site's and the process's live placed bytes and their
 * peaks stay exact with threads, though each thread keeps the bytes it freed
 * as its own headroom (livebytes.c): bytes one thread freed and holds do not
 * count again when another thread places more; threads that place and free
 * at once peak at what was live at once; frees of another thread's objects
 * bring the live bytes back to zero. */
#include <pthread.h>
#include <stdlib.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)
#define ROUNDS 200
#define PAIRS 20000
#define N 32

static __oli_site_t *site;
static pthread_barrier_t bar;
static char *objs[N];

static uint64_t placed_peak(void) {
  uint64_t pk;
  _oli_footprint_parts(NULL, &pk);
  return pk;
}
static uint64_t placed_live(void) {
  oli_footprint_parts_t parts;
  _oli_footprint_parts(&parts, NULL);
  return parts.placed;
}

/* places n bytes and frees them (its headroom holds them), then waits */
static void *free_and_hold(void *arg) {
  free(__oli_malloc((size_t)(uintptr_t)arg, site));
  pthread_barrier_wait(&bar);
  pthread_barrier_wait(&bar); /* main places meanwhile */
  return NULL;
}

/* ROUNDS with both threads' objects live at once, then pairs at will */
static void *at_once(void *arg) {
  size_t n = (size_t)(uintptr_t)arg;
  for (int r = 0; r < ROUNDS; r++) {
    char *p = __oli_malloc(n, site);
    pthread_barrier_wait(&bar);
    free(p);
    pthread_barrier_wait(&bar);
  }
  for (int i = 0; i < PAIRS; i++) free(__oli_malloc(n, site));
  return NULL;
}

static void *place_all(void *arg) {
  for (int i = 0; i < N; i++) objs[i] = __oli_malloc((size_t)(uintptr_t)arg, site);
  return NULL;
}
static void *free_all(void *arg) {
  (void)arg;
  for (int i = 0; i < N; i++) free(objs[i]);
  return NULL;
}
static void run(void *(*fn)(void *), size_t arg) {
  pthread_t t;
  pthread_create(&t, NULL, fn, (void *)(uintptr_t)arg);
  pthread_join(t, NULL);
}

int main(void) {
  setenv("OLI_POLICY", "uniform", 1); /* every object from OLI_MIN_SIZE up is placed */
  site = test_site(0x11feb, OLI_KIND_MALLOC, 0, "live_peak_a");
  char *probe = __oli_malloc(2 * MiB, site);
  if (!_oli_arena_contains(probe)) TEST_SKIP("objects are not placed here (no arena)");
  free(probe);
  oli_site_state_t *st = _oli_site_state(site);
  uint64_t live0 = placed_live(), peak0 = placed_peak();
  CHECK_EQ("nothing live after the probe", live0, 0);

  /* bytes another thread freed and holds are not live: 8 MiB here after 4
   * MiB there is a peak of 8 MiB, not 12 */
  pthread_barrier_init(&bar, NULL, 2);
  pthread_t t;
  pthread_create(&t, NULL, free_and_hold, (void *)(uintptr_t)(4 * MiB));
  pthread_barrier_wait(&bar);
  char *big = __oli_malloc(8 * MiB, site);
  CHECK_EQ("held by another thread, placed here: the site's peak is what was live", _oli_site_peak_live(st),
           8 * MiB);
  CHECK_EQ("... the placed peak too", placed_peak(), peak0 > 8 * MiB ? peak0 : 8 * MiB);
  CHECK_EQ("... live now", _oli_site_live_now(st), 8 * MiB);
  uint64_t tier_live[OLI_TIER_COUNT_], tier_peak[OLI_TIER_COUNT_], sum = 0;
  _oli_alloc_tier_bytes(tier_live, tier_peak);
  for (int i = 0; i < OLI_TIER_COUNT_; i++) sum += tier_live[i];
  CHECK_EQ("... the tiers' live bytes add up to it", sum, 8 * MiB);
  pthread_barrier_wait(&bar);
  pthread_join(t, NULL);
  free(big);
  CHECK_EQ("all freed: nothing live", _oli_site_live_now(st), 0);
  CHECK_EQ("... nothing placed live", placed_live(), 0);

  /* two threads at once: the peak is both objects, never more */
  __oli_site_t *both = test_site(0x11fec, OLI_KIND_MALLOC, 0, "live_peak_b");
  site = both;
  pthread_t t1, t2;
  pthread_create(&t1, NULL, at_once, (void *)(uintptr_t)(3 * MiB));
  pthread_create(&t2, NULL, at_once, (void *)(uintptr_t)(3 * MiB));
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  oli_site_state_t *sb = _oli_site_state(both);
  CHECK_EQ("two threads placing at once: peak of both objects", _oli_site_peak_live(sb), 6 * MiB);
  CHECK_EQ("... nothing live after", _oli_site_live_now(sb), 0);
  CHECK_EQ("... every object counted", _oli_site_placed_objects(sb), 2 * (ROUNDS + PAIRS));
  uint64_t c, b;
  _oli_site_totals(sb, &c, &b, NULL);
  CHECK_EQ("... and its bytes", b, 2ull * (ROUNDS + PAIRS) * 3 * MiB);

  /* another thread's frees, then the same again: the peak is one set */
  __oli_site_t *remote = test_site(0x11fed, OLI_KIND_MALLOC, 0, "live_peak_c");
  site = remote;
  run(place_all, 1 * MiB);
  run(free_all, 0);
  run(place_all, 1 * MiB);
  oli_site_state_t *sc = _oli_site_state(remote);
  CHECK_EQ("placed, freed by another thread, placed again: live", _oli_site_live_now(sc), N * MiB);
  CHECK_EQ("... peak", _oli_site_peak_live(sc), N * MiB);
  free_all(NULL);
  CHECK_EQ("... nothing live after", _oli_site_live_now(sc), 0);
  CHECK_EQ("... nothing placed live", placed_live(), 0);
  return TEST_SUMMARY();
}
