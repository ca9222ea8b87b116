/* runtime/objects/smallmap.c - while a profile is taken, the address ranges
 * of the tagged objects below OLI_MIN_SIZE (the process allocator's, never
 * placed) and their sites, so that a sampled access to one is given to its
 * site (profile.c) rather than counted unattributed. A run without
 * OLI_PROFILE never starts it: alloc.c calls in only when it is on, and the
 * small path then takes alloc.c's slow path (the fast one has no hook).
 *
 * A three-level radix table over the 4 KiB pages of the 47-bit user address
 * space: 2^17 roots of 1 GiB, each 512 middles of 2 MiB, each 512 page
 * slots; middles and leaves are mapped when first written and kept to the
 * end (one profile per process). A page slot holds up to two objects [lo,
 * hi) and their site: an object of 4 KiB or more shares a page with at most
 * one other such object (a neighbour's end), so those are always recorded,
 * taking a smaller object's entry when the page has no free one; a smaller
 * one is recorded while its first page has a free entry (a page crowded with
 * tiny objects keeps two of them). An object has entries in its other pages
 * only while it has one in its first page: a free finds its end there, and
 * an object that loses its entry in one page (to a larger one, or as stale)
 * loses them all.
 *
 * Concurrency: a page slot is a sequence lock whose word also names the
 * entries the holder is changing. A writer (an allocation or a free, any
 * thread) takes it by setting its lock bit, sets an entry's dirty bit before
 * it writes that entry, and releases it at the next version with no bits
 * set; a reader (a sampled access) reads the word, the entries and the word
 * again. When the version is the same, every entry not marked dirty in the
 * second read is one the holder has not touched: a sample in one of them is
 * taken even while a neighbour is being added or freed, so a live object's
 * samples never depend on its neighbours' writers. Otherwise (or when the
 * address may be in a dirty entry) it tries again a few times, never waiting
 * for a writer. An object is added
 * after the allocator gave it and removed before it goes back, so an entry
 * never names memory another object was given, except after a free liboli
 * does not see: an entry overlapping a new object is dropped when the new
 * one is added. */
#include <stdint.h>

#include "internal.h"

#define PG_SHIFT 12
#define MID_SHIFT 21
#define ROOT_SHIFT 30
#define ADDR_BITS 47
#define NROOT ((size_t)1 << (ADDR_BITS - ROOT_SHIFT))
#define NMID ((size_t)1 << (ROOT_SHIFT - MID_SHIFT))
#define NPG ((size_t)1 << (MID_SHIFT - PG_SHIFT))
#define LOCK_TRIES (1u << 20) /* a writer gives up then (a lock left held by fork) */

typedef struct {
  uintptr_t lo, hi; /* hi == 0: free */
  oli_site_state_t *st;
} entry_t;
#define SEQ_LOCKED 1u
#define SEQ_DIRTY(i) (2u << (i)) /* the holder is changing entry i */
#define SEQ_VERSION 8u           /* one release */

typedef struct {
  uint64_t seq; /* version * SEQ_VERSION | dirty bits | SEQ_LOCKED */
  entry_t e[2];
  uint64_t pad;
} slot_t; /* 64 bytes: one cache line */
typedef struct {
  slot_t s[NPG];
} leaf_t;
typedef struct {
  leaf_t *l[NMID];
} mid_t;

static mid_t **root; /* NROOT entries; NULL: off */

int _oli_smallmap_start(void) {
  mid_t **r = _oli_os_map_rw(NROOT * sizeof *r, true);
  if (r == NULL) return -1;
  __atomic_store_n(&root, r, __ATOMIC_RELEASE);
  return 0;
}

/* *p, mapped as len zero bytes when it was NULL (the first writer's wins). */
static void *table(void **p, size_t len) {
  void *t = __atomic_load_n(p, __ATOMIC_ACQUIRE), *none = NULL;
  if (t != NULL) return t;
  void *fresh = _oli_os_map_rw(len, true);
  if (fresh == NULL) return NULL;
  if (__atomic_compare_exchange_n(p, &none, fresh, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return fresh;
  _oli_os_unmap(fresh, len);
  return none;
}

/* The slot of the page holding a; NULL when it has none (or cannot have one). */
static slot_t *slot_of(uintptr_t a, bool create) {
  mid_t **r = __atomic_load_n(&root, __ATOMIC_ACQUIRE);
  if (r == NULL || a >> ADDR_BITS) return NULL;
  mid_t *m = create ? table((void **)&r[a >> ROOT_SHIFT], sizeof(mid_t))
                    : __atomic_load_n(&r[a >> ROOT_SHIFT], __ATOMIC_ACQUIRE);
  if (m == NULL) return NULL;
  leaf_t **lp = &m->l[(a >> MID_SHIFT) & (NMID - 1)];
  leaf_t *l = create ? table((void **)lp, sizeof(leaf_t)) : __atomic_load_n(lp, __ATOMIC_ACQUIRE);
  return l ? &l->s[(a >> PG_SHIFT) & (NPG - 1)] : NULL;
}

static bool lock(slot_t *s) {
  for (unsigned i = 0; i < LOCK_TRIES; i++) {
    uint64_t q = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);
    if (!(q & SEQ_LOCKED) && __atomic_compare_exchange_n(&s->seq, &q, q | SEQ_LOCKED, false, __ATOMIC_ACQUIRE,
                                                         __ATOMIC_RELAXED))
      return true;
    if (i >= 64) _oli_os_yield();
  }
  return false;
}

static void unlock(slot_t *s) {
  uint64_t q = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);
  __atomic_store_n(&s->seq, (q & ~(uint64_t)(SEQ_VERSION - 1)) + SEQ_VERSION, __ATOMIC_RELEASE);
}

/* Entry i of the held slot s: marked dirty, then written. */
static void set(slot_t *s, int i, uintptr_t lo, uintptr_t hi, oli_site_state_t *st) {
  uint64_t q = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);
  if (!(q & SEQ_DIRTY(i))) {
    __atomic_store_n(&s->seq, q | SEQ_DIRTY(i), __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_RELEASE); /* the mark before the entry */
  }
  __atomic_store_n(&s->e[i].lo, lo, __ATOMIC_RELAXED);
  __atomic_store_n(&s->e[i].hi, hi, __ATOMIC_RELAXED);
  __atomic_store_n(&s->e[i].st, st, __ATOMIC_RELAXED);
}

/* Entry i of s, each word read atomically: readers read while a writer
 * writes, and the holder's own reads must not look unsynchronised to a
 * sanitizer where it ignores synchronisation (TSan inside its thread start,
 * whose pthread_getattr_np frees through liboli). */
static entry_t get(slot_t *s, int i) {
  entry_t e = {__atomic_load_n(&s->e[i].lo, __ATOMIC_RELAXED), __atomic_load_n(&s->e[i].hi, __ATOMIC_RELAXED),
               __atomic_load_n(&s->e[i].st, __ATOMIC_RELAXED)};
  return e;
}

/* Drop the entry starting at lo from s; its end, 0 when there is none. */
static uintptr_t take(slot_t *s, uintptr_t lo, oli_site_state_t **st) {
  uintptr_t hi = 0;
  if (s == NULL || !lock(s)) return 0;
  for (int i = 0; i < 2; i++) {
    entry_t e = get(s, i);
    if (e.hi != 0 && e.lo == lo) {
      hi = e.hi;
      if (st) *st = e.st;
      set(s, i, 0, 0, NULL);
    }
  }
  unlock(s);
  return hi;
}

/* An object's entries in its pages other than skip's (it lost its entry there). */
static void take_rest(uintptr_t lo, uintptr_t hi, uintptr_t skip) {
  for (uintptr_t pg = lo >> PG_SHIFT; pg <= (hi - 1) >> PG_SHIFT; pg++)
    if (pg != skip) take(slot_of(pg << PG_SHIFT, false), lo, NULL);
}

void _oli_smallmap_add(const void *p, size_t n, oli_site_state_t *st) {
  uintptr_t lo = (uintptr_t)p, hi = lo + n;
  if (p == NULL || n == 0 || st == NULL || hi < lo || (hi - 1) >> ADDR_BITS) return;
  bool page_or_more = n >= ((size_t)1 << PG_SHIFT);
  for (uintptr_t pg = lo >> PG_SHIFT; pg <= (hi - 1) >> PG_SHIFT; pg++) {
    slot_t *s = slot_of(pg << PG_SHIFT, true);
    if (s == NULL || !lock(s)) {
      if (pg == lo >> PG_SHIFT) return; /* none in its first page: none at all */
      continue;
    }
    int free_i = -1, smaller = -1;
    uintptr_t gone[2][2] = {{0, 0}, {0, 0}}; /* objects that lose their entry here */
    for (int i = 1; i >= 0; i--) {
      entry_t e = get(s, i);
      if (e.hi != 0 && e.lo < hi && lo < e.hi) { /* not seen freed: gone */
        gone[i][0] = e.lo, gone[i][1] = e.hi;
        set(s, i, 0, 0, NULL);
        e.hi = 0;
      }
      if (e.hi == 0) free_i = i;
      else if (e.hi - e.lo < ((uintptr_t)1 << PG_SHIFT)) smaller = i;
    }
    /* An object of a page or more takes the entry of a smaller one: at most
     * two such objects touch a page, so it always has one. */
    if (free_i < 0 && page_or_more && smaller >= 0) {
      entry_t e = get(s, smaller);
      gone[smaller][0] = e.lo, gone[smaller][1] = e.hi;
      set(s, smaller, 0, 0, NULL);
      free_i = smaller;
    }
    if (free_i >= 0) set(s, free_i, lo, hi, st);
    unlock(s);
    for (int i = 0; i < 2; i++)
      if (gone[i][1]) take_rest(gone[i][0], gone[i][1], pg);
    /* a smaller one without an entry in its first page is not recorded at all:
     * its free finds the entries through that one */
    if (free_i < 0 && pg == lo >> PG_SHIFT) return;
  }
}

oli_site_state_t *_oli_smallmap_remove(const void *p) {
  uintptr_t lo = (uintptr_t)p;
  oli_site_state_t *st = NULL;
  uintptr_t hi = take(slot_of(lo, false), lo, &st);
  for (uintptr_t pg = (lo >> PG_SHIFT) + 1; hi && pg <= (hi - 1) >> PG_SHIFT; pg++)
    take(slot_of(pg << PG_SHIFT, false), lo, NULL);
  return st;
}

oli_site_state_t *_oli_smallmap_owner(const void *p, uintptr_t *obj) {
  uintptr_t a = (uintptr_t)p;
  slot_t *s = slot_of(a, false);
  if (s == NULL) return NULL;
  for (int tries = 0; tries < 4; tries++) {
    uint64_t q = __atomic_load_n(&s->seq, __ATOMIC_ACQUIRE);
    entry_t e[2] = {get(s, 0), get(s, 1)};
    __atomic_thread_fence(__ATOMIC_ACQUIRE); /* the entries before the second read */
    uint64_t q2 = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);
    if ((q2 ^ q) >= SEQ_VERSION) continue; /* a writer released it meanwhile */
    for (int i = 0; i < 2; i++)
      if (!(q2 & SEQ_DIRTY(i)) && a - e[i].lo < e[i].hi - e[i].lo) {
        if (obj) *obj = e[i].lo;
        return e[i].st;
      }
    if (!(q2 & (SEQ_DIRTY(0) | SEQ_DIRTY(1)))) return NULL; /* in neither entry */
  }
  return NULL;
}
