/* stress-alloc.c - many threads allocating, reallocating and freeing mixed
 * small and large tagged objects through every __oli_* entry point and the
 * interposed malloc family, with placement on, for a bounded time.
 *
 * Every object is filled with a pattern unique to it (its tag and the byte
 * offset) and every byte is checked before it is reallocated or freed; a
 * realloc must keep the old prefix. At the end every object is freed and the
 * runtime's accounting must be back to zero: live bytes per tier, per site and
 * in the arena. Prints one figures line (docs/reliability.md).
 *
 * Env: OLI_STRESS_SECONDS (default 10), OLI_STRESS_THREADS (default 32); the
 * placement options come from CTest (OLI_POLICY, OLI_MIN_SIZE). */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define SLOTS 48
#define NSITES 8
#define MAX_THREADS 256

static __oli_site_t *sites[NSITES];
static double deadline;
static _Atomic uint64_t n_alloc, n_realloc, n_free, n_rewrite, bytes_checked, bad, failed;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t rnd(uint64_t *s) { /* xorshift64* */
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545F4914F6CDD1DULL;
}

/* Byte i of an object tagged t. */
static inline unsigned char pat(uint64_t t, size_t i) {
  uint64_t x = (t + i / 8) * 0x9E3779B97F4A7C15ULL;
  return (unsigned char)(x >> (8 * (i % 8)));
}

/* Whole 8-byte words at a time (the same bytes as pat()), then the tail. */
static void fill(unsigned char *p, size_t from, size_t to, uint64_t t) {
  size_t i = from;
  for (; i % 8 && i < to; i++) p[i] = pat(t, i);
  for (; i + 8 <= to; i += 8) {
    uint64_t x = (t + i / 8) * 0x9E3779B97F4A7C15ULL;
    memcpy(p + i, &x, 8);
  }
  for (; i < to; i++) p[i] = pat(t, i);
}

static int check(const unsigned char *p, size_t n, uint64_t t) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t x = (t + i / 8) * 0x9E3779B97F4A7C15ULL, y;
    memcpy(&y, p + i, 8);
    if (x != y) break;
  }
  for (; i < n; i++)
    if (p[i] != pat(t, i)) {
      fprintf(stderr, "FAIL byte %zu of a %zu-byte object (tag %llx): 0x%02x, want 0x%02x\n", i, n,
              (unsigned long long)t, p[i], pat(t, i));
      return -1;
    }
  atomic_fetch_add_explicit(&bytes_checked, n, memory_order_relaxed);
  return 0;
}

static size_t pick_size(uint64_t *s) {
  uint64_t r = rnd(s) % 100;
  if (r < 70) return 1 + rnd(s) % 4096;                   /* small: glibc */
  if (r < 90) return 4096 + rnd(s) % (256 << 10);         /* medium: around OLI_MIN_SIZE */
  return (256 << 10) + rnd(s) % (4 << 20);                /* large: placed */
}

static void *make(uint64_t *s, size_t n, int *how) {
  __oli_site_t *site = sites[rnd(s) % NSITES];
  void *p = NULL;
  *how = (int)(rnd(s) % 7);
  switch (*how) {
  case 0: p = __oli_malloc(n, site); break;
  case 1: p = __oli_calloc(1, n, site); break;
  case 2: p = __oli_aligned_alloc(4096, (n + 4095) & ~(size_t)4095, site); break;
  case 3:
    if (__oli_posix_memalign(&p, 64, n, site) != 0) p = NULL;
    break;
  case 4: p = __oli_new_nothrow(n, 0, site); break;
  case 5: { /* a wrapper: plain malloc attributed to the entered site */
    __oli_site_t *prev = __oli_site_enter(site);
    p = malloc(n);
    __oli_site_leave(prev);
    break;
  }
  default: p = malloc(n); break; /* untagged */
  }
  return p;
}

typedef struct slot_s {
  unsigned char *p;
  size_t n;
  uint64_t tag;
} slot_t;

static void *worker(void *arg) {
  uint64_t s = 0x1234567ULL + (uintptr_t)arg * 0x9E3779B97F4A7C15ULL, tags = (uintptr_t)arg << 40;
  slot_t slot[SLOTS];
  memset(slot, 0, sizeof slot);
  uint64_t ops = 0;
  while ((ops++ & 63) || now() < deadline) {
    slot_t *o = &slot[rnd(&s) % SLOTS];
    if (o->p == NULL) {
      int how;
      size_t n = pick_size(&s);
      o->p = make(&s, n, &how);
      if (o->p == NULL) {
        atomic_fetch_add(&failed, 1);
        continue;
      }
      if (how == 1)
        for (size_t i = 0; i < n; i++)
          if (o->p[i]) {
            fprintf(stderr, "FAIL calloc byte %zu of %zu is 0x%02x\n", i, n, o->p[i]);
            atomic_fetch_add(&bad, 1);
            break;
          }
      if (how == 2 && ((uintptr_t)o->p & 4095)) atomic_fetch_add(&bad, 1);
      if (how == 3 && ((uintptr_t)o->p & 63)) atomic_fetch_add(&bad, 1);
      if (how == 2) n = (n + 4095) & ~(size_t)4095;
      o->n = n;
      o->tag = ++tags;
      fill(o->p, 0, n, o->tag);
      atomic_fetch_add_explicit(&n_alloc, 1, memory_order_relaxed);
      continue;
    }
    if (check(o->p, o->n, o->tag) != 0) atomic_fetch_add(&bad, 1);
    uint64_t r = rnd(&s) % 10;
    if (r < 4) {
      free(o->p);
      o->p = NULL;
      atomic_fetch_add_explicit(&n_free, 1, memory_order_relaxed);
    } else if (r < 8) {
      size_t n = pick_size(&s);
      unsigned char *q = (r & 1) ? __oli_realloc(o->p, n, sites[rnd(&s) % NSITES]) : realloc(o->p, n);
      if (q == NULL) {
        atomic_fetch_add(&failed, 1);
        continue; /* the old object stays valid */
      }
      size_t keep = n < o->n ? n : o->n;
      if (check(q, keep, o->tag) != 0) atomic_fetch_add(&bad, 1);
      /* the kept prefix has the old tag's pattern; retag the whole object */
      o->p = q;
      o->n = n;
      o->tag = ++tags;
      fill(q, 0, n, o->tag);
      atomic_fetch_add_explicit(&n_realloc, 1, memory_order_relaxed);
    } else {
      o->tag = ++tags;
      fill(o->p, 0, o->n, o->tag);
      atomic_fetch_add_explicit(&n_rewrite, 1, memory_order_relaxed);
    }
  }
  for (int k = 0; k < SLOTS; k++) {
    if (!slot[k].p) continue;
    if (check(slot[k].p, slot[k].n, slot[k].tag) != 0) atomic_fetch_add(&bad, 1);
    free(slot[k].p);
    atomic_fetch_add_explicit(&n_free, 1, memory_order_relaxed);
  }
  return NULL;
}

static long env_long(const char *name, long dflt, long lo, long hi) {
  const char *v = getenv(name);
  if (!v || !*v) return dflt;
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  if (errno || *end || x < lo || x > hi) {
    fprintf(stderr, "stress: %s='%s' is not a number in %ld..%ld\n", name, v, lo, hi);
    exit(2);
  }
  return x;
}

int main(void) {
  long secs = env_long("OLI_STRESS_SECONDS", 10, 1, 86400);
  long nthreads = env_long("OLI_STRESS_THREADS", 32, 1, MAX_THREADS);
  static const unsigned kinds[NSITES] = {OLI_KIND_MALLOC, OLI_KIND_CALLOC, OLI_KIND_REALLOC,
                                         OLI_KIND_ALIGNED_ALLOC, OLI_KIND_POSIX_MEMALIGN,
                                         OLI_KIND_NEW, OLI_KIND_WRAPPER, OLI_KIND_MALLOC};
  for (int i = 0; i < NSITES; i++) /* half with a static size hint, half without */
    sites[i] = test_site(0x5700 + (uint64_t)i, kinds[i], i % 2 ? (uint64_t)(1 + i) << 20 : 0, "stress");

  double t0 = now();
  deadline = t0 + (double)secs;
  pthread_t t[MAX_THREADS];
  for (long i = 0; i < nthreads; i++)
    if (pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)(i + 1)) != 0) {
      fprintf(stderr, "stress: pthread_create failed\n");
      return 1;
    }
  for (long i = 0; i < nthreads; i++) pthread_join(t[i], NULL);
  double took = now() - t0;

  uint64_t live[OLI_TIER_COUNT_], peak[OLI_TIER_COUNT_], live_sum = 0, peak_sum = 0;
  _oli_alloc_tier_bytes(live, peak);
  for (int i = 0; i < OLI_TIER_COUNT_; i++) live_sum += live[i], peak_sum += peak[i];
  uint64_t site_live = 0;
  for (int i = 0; i < NSITES; i++) site_live += _oli_site_live_now(_oli_site_state(sites[i]));
  oli_arena_stats_t as;
  _oli_arena_stats(&as);

  uint64_t ops = n_alloc + n_realloc + n_free + n_rewrite;
  printf("stress: %ld threads, %.1f s, %llu operations (%llu allocations, %llu reallocations, "
         "%llu frees, %llu rewrites), %.1f GiB checked byte by byte; arena: %llu fresh, %llu "
         "recycled blocks; peak live placed %.1f MiB\n",
         nthreads, took, (unsigned long long)ops, (unsigned long long)n_alloc,
         (unsigned long long)n_realloc, (unsigned long long)n_free, (unsigned long long)n_rewrite,
         (double)bytes_checked / (1 << 30), (unsigned long long)as.fresh,
         (unsigned long long)as.recycled, (double)peak_sum / (1 << 20));

  CHECK_EQ("every byte read back intact", bad, 0);
  CHECK_EQ("no allocation failed", failed, 0);
  CHECK_EQ("every allocation was freed", n_alloc, n_free);
  CHECK("objects were placed (arena used)", as.fresh + as.recycled > 0);
  CHECK_EQ("live bytes per tier back to zero", live_sum, 0);
  CHECK_EQ("live bytes per site back to zero", site_live, 0);
  CHECK_EQ("arena live blocks back to zero", as.live_blocks, 0);
  CHECK_EQ("arena live bytes back to zero", as.live_bytes, 0);
  CHECK("placed bytes were live at some point", peak_sum > 0);
  return TEST_SUMMARY();
}
