/* test-smallmap-threads: the small objects' table (objects/smallmap.c) under
 * threads while a profile is taken (run under ThreadSanitizer by
 * sanitize/tsan). Writers allocate, reallocate and free small objects of two
 * sites (4 KiB or more: always recorded; below: recorded while their page has
 * room), sample their own live ones, and hand some to another writer to free;
 * readers look up addresses of other threads' live objects at the same time.
 * Every sample of a live object of 4 KiB or more is its site's; a smaller one's
 * is its site's or unattributed, never another site's; a lookup names one of
 * the two sites or none, and an object start at or below the address. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define WRITERS 4
#define READERS 2
#define ROUNDS 20000
#define LIVE 16   /* objects each writer holds */
#define PUB 64    /* live objects' addresses readers look up */
#define MAIL 8    /* objects handed from one writer to the next, to free */

static __oli_site_t *big_site, *tiny_site;
static oli_site_state_t *big_st, *tiny_st;
static uintptr_t pub[PUB];
static char *mail[WRITERS][MAIL];
static int writers_done;

typedef struct {
  int id;
  uint64_t big, tiny; /* samples of own live objects */
  uint64_t lookups, found, bad;
} work_t;

static uint64_t next(uint64_t *x) {
  *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
  return *x;
}

static void *writer(void *arg) {
  work_t *w = arg;
  uint64_t x = 0x9e3779b97f4a7c15ull * (uint64_t)(w->id + 1);
  int to = (w->id + 1) % WRITERS;
  char *keep[LIVE] = {0};
  for (int i = 0; i < ROUNDS; i++) {
    int k = (int)(next(&x) >> 40) % LIVE;
    bool large = next(&x) % 4 == 0;
    size_t n = large ? 4096 + next(&x) % 20000 : 16 + next(&x) % 4000;
    __oli_site_t *site = large ? big_site : tiny_site;
    char *p;
    if (keep[k] && next(&x) % 8 == 0) { /* moved by realloc: its entry follows it, under site */
      p = __oli_realloc(keep[k], n, site);
      keep[k] = NULL;
    } else {
      p = next(&x) % 2 ? __oli_malloc(n, site) : __oli_calloc(1, n, site);
    }
    if (p == NULL) continue;
    __oli_profile_access(p, 1);
    __oli_profile_access(p + n - 1, 1);
    if (large) w->big += 2;
    else w->tiny += 2;
    __atomic_store_n(&pub[next(&x) % PUB], (uintptr_t)p + n / 2, __ATOMIC_RELAXED);
    if (keep[k] && next(&x) % 2) {
      /* to the next writer, which frees it (out: what it has not taken yet) */
      free(__atomic_exchange_n(&mail[to][next(&x) % MAIL], keep[k], __ATOMIC_ACQ_REL));
    } else {
      free(keep[k]);
    }
    keep[k] = p;
    free(__atomic_exchange_n(&mail[w->id][next(&x) % MAIL], NULL, __ATOMIC_ACQ_REL));
  }
  for (int k = 0; k < LIVE; k++) free(keep[k]);
  return NULL;
}

static void *reader(void *arg) {
  work_t *w = arg;
  uint64_t x = 0x2545f4914f6cdd1dull * (uint64_t)(w->id + 1);
  while (!__atomic_load_n(&writers_done, __ATOMIC_ACQUIRE)) {
    uintptr_t a = __atomic_load_n(&pub[next(&x) % PUB], __ATOMIC_RELAXED);
    if (a == 0) continue;
    uintptr_t obj = 0;
    oli_site_state_t *st = _oli_smallmap_owner((const void *)a, &obj);
    w->lookups++;
    if (st == NULL) continue;
    w->found++;
    if ((st != big_st && st != tiny_st) || obj > a || a - obj >= (24u << 10)) w->bad++;
  }
  return NULL;
}

static uint64_t acc(oli_site_state_t *st) { return _oli_site_accesses(st); }

int main(void) {
  char dir[] = "/tmp/oli-test-smallmap-threads-XXXXXX", path[300];
  CHECK("temp dir", mkdtemp(dir) != NULL);
  snprintf(path, sizeof path, "%s/profile.json", dir);
  setenv("OLI_PROFILE", path, 1);
  setenv("OLI_POLICY", "off", 1);
  setenv("OLI_MIN_SIZE", "64K", 1);
  _oli_options_reset();
  static uint64_t b[2][32];
  big_site = test_site_at(b[0], 0x5a1, OLI_KIND_MALLOC, 0, "k.c", 20, "main", "vec");
  tiny_site = test_site_at(b[1], 0x5a2, OLI_KIND_MALLOC, 0, "k.c", 21, "main", "node");
  big_st = _oli_site_state(big_site);
  tiny_st = _oli_site_state(tiny_site);
  char *probe = __oli_malloc(8192, big_site);
  uintptr_t obj = 0;
  CHECK("a profile is on: a small object is in the table", _oli_smallmap_owner(probe + 100, &obj) == big_st &&
                                                               obj == (uintptr_t)probe);
  free(probe);
  CHECK("freed: out of the table", _oli_smallmap_owner(probe + 100, NULL) == NULL);
  uint64_t big0 = acc(big_st), tiny0 = acc(tiny_st), total0, un0;
  _oli_profile_counts(&total0, &un0);

  work_t w[WRITERS + READERS];
  pthread_t t[WRITERS + READERS];
  memset(w, 0, sizeof w);
  for (int i = 0; i < READERS; i++) {
    w[WRITERS + i].id = i;
    pthread_create(&t[WRITERS + i], NULL, reader, &w[WRITERS + i]);
  }
  for (int i = 0; i < WRITERS; i++) {
    w[i].id = i;
    pthread_create(&t[i], NULL, writer, &w[i]);
  }
  for (int i = 0; i < WRITERS; i++) pthread_join(t[i], NULL);
  __atomic_store_n(&writers_done, 1, __ATOMIC_RELEASE);
  for (int i = 0; i < READERS; i++) pthread_join(t[WRITERS + i], NULL);
  for (int i = 0; i < WRITERS; i++)
    for (int m = 0; m < MAIL; m++) free(mail[i][m]);

  uint64_t big = 0, tiny = 0, lookups = 0, found = 0, bad = 0;
  for (int i = 0; i < WRITERS; i++) big += w[i].big, tiny += w[i].tiny;
  for (int i = 0; i < READERS; i++) lookups += w[WRITERS + i].lookups, found += w[WRITERS + i].found,
                                    bad += w[WRITERS + i].bad;
  fprintf(stderr, "samples: %llu of objects >= 4 KiB, %llu below; lookups %llu, %llu found\n",
          (unsigned long long)big, (unsigned long long)tiny, (unsigned long long)lookups,
          (unsigned long long)found);
  CHECK_EQ("objects of 4 KiB or more: every sample their site's", acc(big_st) - big0, big);
  uint64_t t_acc = acc(tiny_st) - tiny0, total, un;
  _oli_profile_counts(&total, &un);
  CHECK("smaller objects: samples their site's (those of crowded pages aside)", t_acc > 0 && t_acc <= tiny);
  CHECK_EQ("smaller objects: the rest unattributed, none another site's", (un - un0) + t_acc, tiny);
  CHECK_EQ("every sample counted", total - total0, big + tiny);
  CHECK("readers looked up live objects", lookups > 0 && found > 0);
  CHECK_EQ("lookups: one of the two sites, an object start at or below the address", bad, 0);
  unsetenv("OLI_PROFILE"); /* no profile at exit */
  _oli_options_reset();
  unlink(path);
  rmdir(dir);
  return TEST_SUMMARY();
}
