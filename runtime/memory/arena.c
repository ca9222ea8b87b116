/* runtime/memory/arena.c - the placed-object arena.
 *
 * One virtual range (OLI_ARENA_SIZE, default 1 TiB) reserved PROT_NONE at
 * first use: address space, not memory - the kernel charges no commit for a
 * mapping nobody may write. Placed objects are page-aligned blocks carved
 * from it, so free/realloc/malloc_usable_size recognise them by one range
 * check, and find their descriptor in O(1) through the page map (one 32-bit
 * entry per arena page, touched only where blocks start or free ranges end).
 *
 * Commit: carving a block makes its range writable with mprotect, and that
 * is when the kernel charges it against its overcommit policy, exactly as it
 * charges glibc's mmap of the same size (the reservation is not MAP_NORESERVE,
 * which would exempt it): under the heuristic or vm.overcommit_memory=2 an
 * object glibc could not have fails here with ENOMEM (OLI_AF_NOMEM), and the
 * caller returns NULL when glibc refuses it too. Released blocks are mapped
 * PROT_NONE again, which returns the charge.
 *
 * Block life:  pool --carve: mprotect RW, mbind--> live --free--> cached
 *              cached --same placement class and page count--> live (no syscall)
 *              cached --over the cache limit (LRU)--> pool: mmap(MAP_FIXED,
 *                PROT_NONE) drops pages and policy in one call; neighbours merge.
 * The pool keeps free ranges in segregated-fit bins (4 per power of two, one
 * bitmap), so carving and merging are O(1). One mutex (the arena lock) guards
 * the pool, the shared cache and the tables; syscalls (mprotect, mbind, mmap,
 * memset) run outside it on blocks the caller owns. Metadata lives in its own
 * NORESERVE mappings, never in malloc.
 *
 * Threads: each block has a one-byte spin lock of its own, and every thread a
 * small cache of freed blocks (by placement class and page count, bounded in
 * blocks and bytes). A free takes only the block's lock and puts the block in
 * the freeing thread's cache, whichever thread placed it (a block belongs to
 * no thread while live: a free from another thread needs no owner's lock and
 * no remote list); an allocation of that class and size takes it back from
 * there with the block's lock alone. The arena lock is taken when a thread's
 * cache misses (a batch comes from the shared cache, or a block is carved) or
 * overflows (half a bin goes to the shared cache), and at thread exit (a
 * pthread key's destructor gives the cache back). Rules: a block's state is
 * an atomic; LIVE and thread-cached blocks change (state and object fields)
 * only under their block lock; pool, shared-cache and busy blocks change
 * under the arena lock; the order is arena lock, then block lock. Live and
 * cached counts are the shared ones plus each thread's (owner-written)
 * deltas, summed when read: exact whenever they are read at rest.
 *
 * Profile runs (OLI_PROFILE set) also keep an owner map: one 32-bit entry per
 * arena page holding the descriptor of the live block covering it, written
 * for all of a block's pages when it goes live and cleared when it is freed,
 * so _oli_arena_owner() finds the object holding an interior pointer with two
 * loads and no lock (4 bytes per 4 KiB page, touched only where objects live). */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "internal.h"

#ifndef OLI_DEFAULT_ARENA_SIZE
#define OLI_DEFAULT_ARENA_SIZE (1ull << 40)
#endif
#define MIN_ARENA (1ull << 30)
#define MAX_BLOCKS (1u << 22)  /* descriptors: 4M tracked blocks */
#define MAX_CLASSES 256        /* distinct placements recycled separately */
#define KEY_SLOTS 8192         /* (class, pages) cache keys */
#define NBINS 256
#define CACHE_BASE (128ull << 20) /* cached (freed, resident) bytes kept: 128 MiB + live/4 */

enum { S_UNUSED = 0, S_POOL, S_LIVE, S_CACHED, S_BUSY, S_TCACHED /* in a thread's cache */ };

/* A thread's cache: TC_BINS (class, pages) bins of up to TC_DEPTH blocks, at
 * most TC_BYTES in all; a block of more than TC_BYTES / 4 goes to the shared
 * cache. A miss takes up to TC_REFILL blocks of the key from the shared cache
 * at once; a full bin gives its older half back at once. */
#define TC_BINS 8
#define TC_DEPTH 16
#define TC_BYTES (32ull << 20)
#define TC_REFILL 4

/* Generations: each time a block is recycled its object starts GEN_STEP
 * bytes further in (GEN_N offsets, then round again), on the same pages, so
 * free(p); q = malloc(same); free(p) finds p is not q - the block's object
 * now starts elsewhere - and aborts as a double free, while the loop keeps
 * its pages (and its cache lines) and needs no system call. Objects asking
 * for at most GEN_STEP alignment get GEN_SLACK bytes more room for this (one
 * more page when their size is a whole number of pages); more aligned ones
 * always start at the block's start. */
#define GEN_STEP 64
#define GEN_N 8
#define GEN_SLACK ((GEN_N - 1) * GEN_STEP)

typedef struct blk_s {
  uint64_t pg, npg;  /* first page index in the arena, pages */
  uint64_t size;     /* bytes asked for (live) */
  oli_site_state_t *site; /* atomic: the profile's owner lookup reads it without a lock */
  uint32_t prev, next; /* pool bin list or cache-key list; 1-based, 0 none */
  uint32_t lru_prev, lru_next;
  uint16_t cls;
  uint16_t want;   /* class of the decision it was given (cls is 0 after a fallback); 0xffff unknown */
  uint16_t pmille; /* that decision's share of the footprint, per mille (percent_x10) */
  uint8_t dirty, fallback;
  uint8_t held; /* settle.c is changing its placement: free and resize wait */
  uint8_t gen;  /* times recycled, up to GEN_N; then GEN_N + (times mod GEN_N) */
  uint16_t off; /* the live object's start in the block: a generation's offset */
  uint8_t state; /* atomic (S_*): read without the block's lock; these two stay last (desc_new) */
  uint8_t lk;    /* the block's lock */
} __attribute__((aligned(64))) blk_t;
/* One cache line each: two threads' blocks never share one (a free writes its
 * block's lock and fields). The layout, cold, is kept beside, in lay[]. */
_Static_assert(sizeof(blk_t) == 64, "a block descriptor is one cache line");
typedef struct blay_s {
  uint32_t vmas : 31, coarsened : 1; /* its layout (place.c): VMAs counted against the budget */
  uint32_t run;                      /* pages of its longest stretch on one node (saturated) */
} blay_t;

typedef struct key_s {
  uint64_t npg; /* 0: empty slot */
  uint32_t head;
  uint16_t cls;
} key_t_;

typedef struct tbin_s {
  uint64_t npg; /* key (with cls); n == 0: free */
  uint32_t use; /* the thread's tick at its last use: the least recent bin goes first */
  uint16_t cls, n;
  uint32_t b[TC_DEPTH]; /* oldest first */
} tbin_t;
typedef struct tcache_s {
  tbin_t bin[TC_BINS];
  uint64_t bytes; /* cached here */
  uint32_t tick;
  uint32_t busy; /* the block whose lock the owner may hold now: a fork's child lets it go */
  /* Deltas to the shared counts, written by the owner only (atomic stores),
   * read under the arena lock. */
  int64_t live_bytes, live_blocks, cached_bytes, cached_blocks;
  uint64_t recycled;
  struct tcache_s *next, *prev; /* every thread's, under the arena lock */
} tcache_t;

uintptr_t _oli_arena_lo, _oli_arena_len;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t unheld = PTHREAD_COND_INITIALIZER; /* a held block was let go */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int init_rc = -1;
static uint64_t pgsz, pgshift, npages_total;
/* The tables are committed as they are written (lazymap.c). */
static oli_lazy_t pmap_l, omap_l, blk_l, lay_l;
static uint32_t *pmap;     /* page -> descriptor (1-based); read through pm_get */
static uint32_t *omap;     /* profile runs: every live page -> descriptor, 0 none */
static blk_t *blk;         /* descriptors, blk[0] unused; committed up to nblk_used */
static blay_t *lay;        /* their layouts, beside them */
static uint32_t nblk_used; /* high-water mark */
static uint32_t desc_free; /* free descriptor list through .next */
static uint32_t bins[NBINS];
static uint64_t binmap[NBINS / 64];
static oli_decision_t classes[MAX_CLASSES]; /* an entry below nclasses never changes */
static int nclasses = 1; /* class 0: default policy; atomic (released after its entry) */
static key_t_ keys[KEY_SLOTS];
static uint32_t lru_head, lru_tail; /* most recent at head */
static oli_arena_stats_t st;
static uint64_t pg_hi;          /* metadata: highest page end ever handed out */
static uint64_t peak_blocks;    /* metadata: most live blocks at once (seen by the arena lock) */
static tcache_t *tcaches;       /* every thread's cache, under the lock */
static pthread_key_t tc_key;    /* its destructor gives a leaving thread's cache back */
static __thread tcache_t *my_tc __attribute__((tls_model("initial-exec")));
static __thread bool tc_gone __attribute__((tls_model("initial-exec"))); /* no cache: leaving, or being made */

#define B(i) (blk[(i)])
#define L(i) (lay[(i)])

/* ---- block locks and states ---------------------------------------------------- */
static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}
/* Held for a few dozen instructions; a holder preempted is waited for with
 * sched_yield, not burnt through a time slice. */
static inline void blk_lock(uint32_t i) {
  unsigned n = 0;
  while (__atomic_exchange_n(&B(i).lk, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(&B(i).lk, __ATOMIC_RELAXED)) {
      if (++n < 64) cpu_relax();
      else {
        _oli_os_yield();
        n = 0;
      }
    }
}
static inline void blk_unlock(uint32_t i) { __atomic_store_n(&B(i).lk, 0, __ATOMIC_RELEASE); }
static inline uint8_t state_of(uint32_t i) { return __atomic_load_n(&B(i).state, __ATOMIC_ACQUIRE); }
/* Under the block's lock. */
static inline void state_set(uint32_t i, uint8_t s) { __atomic_store_n(&B(i).state, s, __ATOMIC_RELEASE); }
/* A block the caller owns or the arena lock guards: takes the block's lock. */
static void state_to(uint32_t i, uint8_t s) {
  blk_lock(i);
  state_set(i, s);
  blk_unlock(i);
}
static inline uint32_t nblk(void) { return __atomic_load_n(&nblk_used, __ATOMIC_ACQUIRE); }
static inline int ncls(void) { return __atomic_load_n(&nclasses, __ATOMIC_ACQUIRE); }

static void lock_m(void) { pthread_mutex_lock(&lock); }
static void unlock_m(void) { pthread_mutex_unlock(&lock); }
static void atfork_child(void);

/* ---- page map ------------------------------------------------------------ */
/* Under the lock. An entry whose chunk was never written reads 0; a write the
 * kernel cannot commit returns false. */
static uint32_t pm_get(uint64_t k) {
  return _oli_lazy_has(&pmap_l, k * sizeof *pmap) ? __atomic_load_n(&pmap[k], __ATOMIC_RELAXED) : 0;
}
static bool pm_set(uint64_t k, uint32_t v) {
  if (!_oli_lazy_commit(&pmap_l, k * sizeof *pmap, sizeof *pmap)) return false;
  __atomic_store_n(&pmap[k], v, __ATOMIC_RELAXED);
  return true;
}

/* ---- descriptors --------------------------------------------------------- */
static uint32_t desc_new(void) {
  uint32_t i = desc_free;
  if (i) {
    desc_free = B(i).next;
    blk_lock(i); /* a stale page-map entry may lead a free here: it reads the state under this lock */
    memset(&B(i), 0, offsetof(blk_t, state));
    L(i) = (blay_t){0};
    state_set(i, S_UNUSED);
    blk_unlock(i);
  } else {
    if (nblk_used + 1 >= MAX_BLOCKS ||
        !_oli_lazy_commit(&blk_l, (size_t)(nblk_used + 1) * sizeof(blk_t), sizeof(blk_t)) ||
        !_oli_lazy_commit(&lay_l, (size_t)(nblk_used + 1) * sizeof(blay_t), sizeof(blay_t)))
      return 0;
    i = nblk_used + 1; /* committed zeroes */
    __atomic_store_n(&nblk_used, i, __ATOMIC_RELEASE);
  }
  return i;
}
static void desc_del(uint32_t i) {
  state_to(i, S_UNUSED);
  B(i).next = desc_free;
  desc_free = i;
}

/* ---- pool: segregated fit ------------------------------------------------- */
static unsigned bin_of(uint64_t n) {
  unsigned fl = 63 - (unsigned)__builtin_clzll(n);
  unsigned sl = fl >= 2 ? (unsigned)(n >> (fl - 2)) & 3 : (unsigned)(n << (2 - fl)) & 3;
  return fl * 4 + sl;
}
static void bin_push(uint32_t i) {
  unsigned b = bin_of(B(i).npg);
  B(i).prev = 0;
  B(i).next = bins[b];
  if (bins[b]) B(bins[b]).prev = i;
  bins[b] = i;
  binmap[b / 64] |= 1ull << (b % 64);
}
static void bin_unlink(uint32_t i) {
  unsigned b = bin_of(B(i).npg);
  if (B(i).prev) B(B(i).prev).next = B(i).next;
  else bins[b] = B(i).next;
  if (B(i).next) B(B(i).next).prev = B(i).prev;
  if (!bins[b]) binmap[b / 64] &= ~(1ull << (b % 64));
}
/* A free range's first and last page point to it, for merging neighbours; a
 * mark the kernel cannot commit only costs that merge. */
static void pool_mark(uint32_t i) {
  state_to(i, S_POOL);
  (void)pm_set(B(i).pg, i);
  (void)pm_set(B(i).pg + B(i).npg - 1, i);
}
/* Put [pg, pg+npg) in the pool, merging with free neighbours. Descriptor i is
 * reused for the merged range. */
static void pool_insert(uint32_t i) {
  uint64_t pg = B(i).pg, npg = B(i).npg;
  if (pg > 0) {
    uint32_t l = pm_get(pg - 1);
    if (l && l != i && state_of(l) == S_POOL && B(l).pg + B(l).npg == pg) {
      bin_unlink(l);
      pg = B(l).pg;
      npg += B(l).npg;
      desc_del(l);
    }
  }
  if (pg + npg < npages_total) {
    uint32_t r = pm_get(pg + npg);
    if (r && r != i && state_of(r) == S_POOL && B(r).pg == pg + npg) {
      bin_unlink(r);
      npg += B(r).npg;
      desc_del(r);
    }
  }
  B(i).pg = pg;
  B(i).npg = npg;
  pool_mark(i);
  bin_push(i);
}
static uint32_t pool_range(uint64_t pg, uint64_t npg) {
  uint32_t i = desc_new();
  if (!i) return 0;
  B(i).pg = pg;
  B(i).npg = npg;
  pool_insert(i);
  return i;
}
/* Take npg pages aligned to `al` pages out of the pool; descriptor or 0. */
static uint32_t pool_take(uint64_t npg, uint64_t al) {
  uint64_t need = npg + al - 1;
  unsigned b = bin_of(need);
  uint32_t found = 0;
  for (uint32_t i = bins[b], k = 0; i && k < 16; i = B(i).next, k++)
    if (B(i).npg >= need) {
      found = i;
      break;
    }
  for (unsigned w = (b + 1) / 64; !found && w < NBINS / 64; w++) {
    uint64_t m = binmap[w];
    if (w == (b + 1) / 64) m &= (b + 1) % 64 ? ~0ull << ((b + 1) % 64) : ~0ull;
    if (m) found = bins[w * 64 + (unsigned)__builtin_ctzll(m)];
  }
  if (!found) return 0;
  bin_unlink(found);
  uint64_t base_pg = (_oli_arena_lo >> pgshift);
  uint64_t start = ((base_pg + B(found).pg + al - 1) / al) * al - base_pg;
  uint64_t end = B(found).pg + B(found).npg, front = start - B(found).pg;
  uint32_t tail = 0, head = 0;
  if (!_oli_lazy_commit(&pmap_l, start * sizeof *pmap, sizeof *pmap)) goto nodesc; /* free() finds it there */
  if (end - (start + npg) > 0) {
    tail = desc_new();
    if (!tail) goto nodesc;
  }
  if (front) {
    head = desc_new();
    if (!head) {
      if (tail) desc_del(tail);
      goto nodesc;
    }
  }
  if (tail) {
    B(tail).pg = start + npg;
    B(tail).npg = end - (start + npg);
    pool_mark(tail);
    bin_push(tail);
  }
  if (head) {
    B(head).pg = B(found).pg;
    B(head).npg = front;
    pool_mark(head);
    bin_push(head);
  }
  B(found).pg = start;
  B(found).npg = npg;
  state_to(found, S_BUSY);
  pm_set(start, found); /* committed above */
  return found;
nodesc:
  bin_push(found);
  return 0;
}

/* ---- placement classes and the cache ------------------------------------ */
/* Same placement class: placement and targets (_oli_decision_same_targets). */
/* Class of a decision; 0xffff when the table is full (never recycled). */
static uint16_t class_of(const oli_decision_t *d) {
  if (d->placement == OLI_PLACE_DEFAULT) return 0;
  for (int c = 1; c < nclasses; c++)
    if (_oli_decision_same_targets(&classes[c], d)) return (uint16_t)c;
  if (nclasses >= MAX_CLASSES) return 0xffff;
  oli_decision_t k = {0}; /* the class: placement and targets, no reason or mechanism */
  k.placement = d->placement;
  k.ntargets = d->ntargets;
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++) k.target[i] = d->target[i];
  classes[nclasses] = k;
  __atomic_store_n(&nclasses, nclasses + 1, __ATOMIC_RELEASE);
  return (uint16_t)(nclasses - 1);
}
/* Without the lock: the class of d when it has one already, else 0xffff
 * (class 0 for the default policy). */
static uint16_t class_find(const oli_decision_t *d) {
  if (d->placement == OLI_PLACE_DEFAULT) return 0;
  for (int c = 1, n = ncls(); c < n; c++)
    if (_oli_decision_same_targets(&classes[c], d)) return (uint16_t)c;
  return 0xffff;
}
static key_t_ *key_find(uint16_t cls, uint64_t npg, bool create) {
  uint64_t h = (npg * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)cls * 0xc2b2ae3d27d4eb4full);
  for (unsigned k = 0; k < 64; k++) {
    key_t_ *e = &keys[(h + k) & (KEY_SLOTS - 1)];
    if (e->npg == npg && e->cls == cls) return e;
    if (e->npg == 0) {
      if (!create) return NULL;
      e->npg = npg;
      e->cls = cls;
      e->head = 0;
      return e;
    }
  }
  return NULL;
}
static void lru_unlink(uint32_t i) {
  if (B(i).lru_prev) B(B(i).lru_prev).lru_next = B(i).lru_next;
  else lru_head = B(i).lru_next;
  if (B(i).lru_next) B(B(i).lru_next).lru_prev = B(i).lru_prev;
  else lru_tail = B(i).lru_prev;
}
static void cache_unlink(uint32_t i) {
  key_t_ *k = key_find(B(i).cls, B(i).npg, false);
  if (B(i).prev) B(B(i).prev).next = B(i).next;
  else if (k) k->head = B(i).next;
  if (B(i).next) B(B(i).next).prev = B(i).prev;
  lru_unlink(i);
  st.cached_bytes -= B(i).npg << pgshift;
  st.cached_blocks--;
}
static bool cache_push(uint32_t i) {
  if (B(i).cls == 0xffff || B(i).cls == 0) return false; /* fallbacks are not recycled */
  key_t_ *k = key_find(B(i).cls, B(i).npg, true);
  if (!k) return false;
  state_to(i, S_CACHED);
  B(i).prev = 0;
  B(i).next = k->head;
  if (k->head) B(k->head).prev = i;
  k->head = i;
  B(i).lru_prev = 0;
  B(i).lru_next = lru_head;
  if (lru_head) B(lru_head).lru_prev = i;
  else lru_tail = i;
  lru_head = i;
  st.cached_bytes += B(i).npg << pgshift;
  st.cached_blocks++;
  return true;
}
static uint32_t cache_take(uint16_t cls, uint64_t npg, uint64_t al) {
  if (cls == 0xffff) return 0;
  key_t_ *k = key_find(cls, npg, false);
  if (!k) return 0;
  uint64_t base_pg = _oli_arena_lo >> pgshift;
  for (uint32_t i = k->head, n = 0; i && n < 8; i = B(i).next, n++)
    if (((base_pg + B(i).pg) % al) == 0) {
      cache_unlink(i);
      state_to(i, S_BUSY);
      return i;
    }
  return 0;
}

/* Profile runs: mark the pages of block i as owned by v (i, or 0 on free);
 * commit: under the arena lock, the map's chunks made writable first (a
 * recycled block's were, when it first lived). */
static void owner_mark(uint32_t i, uint32_t v, bool commit) {
  if (!omap) return;
  /* pages whose chunk cannot be committed stay unattributed */
  if (v && commit) (void)_oli_lazy_commit(&omap_l, B(i).pg * sizeof *omap, B(i).npg * sizeof *omap);
  for (uint64_t k = B(i).pg, e = B(i).pg + B(i).npg; k < e; k++)
    if (_oli_lazy_has(&omap_l, k * sizeof *omap)) __atomic_store_n(&omap[k], v, __ATOMIC_RELEASE); /* after its pg */
}

static void *addr_of(uint32_t i) { return (void *)(_oli_arena_lo + (B(i).pg << pgshift)); }

/* Drop pages and policy of evicted cached blocks and return them to the pool.
 * Called without the lock; blocks are S_BUSY (owned). */
static void release(uint32_t *v, int n) {
  for (int k = 0; k < n; k++) {
    _oli_vma_give(L(v[k]).vmas); /* one PROT_NONE mapping again (or default policy below) */
    void *a = addr_of(v[k]);
    size_t len = B(v[k]).npg << pgshift;
    /* out of VMAs: the pages dropped (they read as zero again) and the policy reset */
    _oli_os_decommit(a, len);
  }
  lock_m();
  for (int k = 0; k < n; k++) {
    B(v[k]).dirty = 0;
    L(v[k]) = (blay_t){0};
    pool_insert(v[k]);
    st.released++;
  }
  unlock_m();
}
/* ---- threads' caches: the counts --------------------------------------------------- */
static inline void tc_add(int64_t *f, int64_t v) { __atomic_store_n(f, *f + v, __ATOMIC_RELAXED); }
static inline int64_t tc_get(const int64_t *f) { return __atomic_load_n(f, __ATOMIC_RELAXED); }
/* Under the lock: the live bytes and blocks now (the shared counts and every
 * thread's deltas). */
static uint64_t live_bytes_now(void) {
  uint64_t b = st.live_bytes;
  for (tcache_t *t = tcaches; t; t = t->next) b += (uint64_t)tc_get(&t->live_bytes);
  return b;
}
static uint64_t live_blocks_now(void) {
  uint64_t b = st.live_blocks;
  for (tcache_t *t = tcaches; t; t = t->next) b += (uint64_t)tc_get(&t->live_blocks);
  return b;
}

/* Under the lock: pick LRU victims while over the limit. */
static int evict(uint32_t *v, int max) {
  int n = 0;
  st.cache_limit = CACHE_BASE + live_bytes_now() / 4;
  while (n < max && st.cached_bytes > st.cache_limit && lru_tail) {
    uint32_t i = lru_tail;
    cache_unlink(i);
    state_to(i, S_BUSY);
    v[n++] = i;
  }
  return n;
}

/* ---- threads' caches ----------------------------------------------------------------- */
/* Under the lock: block i (thread-cached, the owner's) goes to the shared
 * cache, or, when that has no key for it, into v[] to be released. */
static void tc_return(tcache_t *tc, uint32_t i, uint32_t *v, int *nv) {
  uint64_t b = B(i).npg << pgshift;
  tc->bytes -= b;
  tc_add(&tc->cached_bytes, -(int64_t)b);
  tc_add(&tc->cached_blocks, -1);
  if (!cache_push(i)) {
    state_to(i, S_BUSY);
    v[(*nv)++] = i;
  }
}
/* Give back the oldest k blocks of bin x, and whatever else frees room; one
 * take of the arena lock. all: every bin (thread exit, fork's child). */
static void tc_flush(tcache_t *tc, tbin_t *x, int k, bool all) {
  uint32_t v[TC_BINS * TC_DEPTH + 8];
  int nv = 0;
  lock_m();
  if (x) {
    for (int j = 0; j < k; j++) tc_return(tc, x->b[j], v, &nv);
    memmove(x->b, x->b + k, (size_t)(x->n - k) * sizeof x->b[0]);
    x->n = (uint16_t)(x->n - k);
  }
  for (int b = 0; all && b < TC_BINS; b++) {
    for (int j = 0; j < tc->bin[b].n; j++) tc_return(tc, tc->bin[b].b[j], v, &nv);
    tc->bin[b].n = 0;
  }
  nv += evict(v + nv, 8);
  unlock_m();
  if (nv) release(v, nv);
}
static tbin_t *tc_bin(tcache_t *tc, uint16_t cls, uint64_t npg) {
  for (int b = 0; b < TC_BINS; b++)
    if (tc->bin[b].n && tc->bin[b].npg == npg && tc->bin[b].cls == cls) return &tc->bin[b];
  return NULL;
}
/* An empty bin for (cls, npg), NULL when none is free. */
static tbin_t *tc_bin_new(tcache_t *tc, uint16_t cls, uint64_t npg) {
  for (int b = 0; b < TC_BINS; b++)
    if (!tc->bin[b].n) {
      tc->bin[b].npg = npg;
      tc->bin[b].cls = cls;
      return &tc->bin[b];
    }
  return NULL;
}
/* Stash thread-cached block i (state S_TCACHED) in bin x, which has room. */
static void tc_stash(tcache_t *tc, tbin_t *x, uint32_t i) {
  uint64_t b = B(i).npg << pgshift;
  x->b[x->n++] = i;
  x->use = ++tc->tick;
  tc->bytes += b;
  tc_add(&tc->cached_bytes, (int64_t)b);
  tc_add(&tc->cached_blocks, 1);
}
/* The freed block i, thread-cached now, into this thread's cache; a full bin
 * or a cache over its bytes gives blocks back first. */
static void tc_put(tcache_t *tc, uint32_t i) {
  uint16_t cls = B(i).cls;
  uint64_t npg = B(i).npg, b = npg << pgshift;
  tbin_t *x = tc_bin(tc, cls, npg);
  if (x && x->n == TC_DEPTH) tc_flush(tc, x, TC_DEPTH / 2, false);
  if (tc->bytes + b > TC_BYTES) {
    if (x) tc_flush(tc, x, x->n / 2, false);
    if (tc->bytes + b > TC_BYTES) tc_flush(tc, NULL, 0, true);
    x = tc_bin(tc, cls, npg);
  }
  if (!x && !(x = tc_bin_new(tc, cls, npg))) {
    tbin_t *old = &tc->bin[0]; /* every bin in use: the least recent one goes back */
    for (int k = 1; k < TC_BINS; k++)
      if (tc->bin[k].use < old->use) old = &tc->bin[k];
    tc_flush(tc, old, old->n, false);
    x = tc_bin_new(tc, cls, npg);
  }
  tc_stash(tc, x, i);
}
/* A block of (cls, npg) aligned to al pages from this thread's cache, the
 * caller's (S_TCACHED still); 0 when there is none. */
static uint32_t tc_take(tcache_t *tc, uint16_t cls, uint64_t npg, uint64_t al) {
  tbin_t *x = tc_bin(tc, cls, npg);
  if (!x) return 0;
  uint64_t base_pg = _oli_arena_lo >> pgshift;
  for (int k = x->n - 1; k >= 0; k--) {
    uint32_t i = x->b[k];
    if (al > 1 && (base_pg + B(i).pg) % al != 0) continue;
    memmove(x->b + k, x->b + k + 1, (size_t)(x->n - 1 - k) * sizeof x->b[0]);
    x->n--;
    x->use = ++tc->tick;
    tc->bytes -= npg << pgshift;
    tc_add(&tc->cached_bytes, -(int64_t)(npg << pgshift));
    tc_add(&tc->cached_blocks, -1);
    return i;
  }
  return 0;
}
/* Under the lock: a thread's cache leaves (its thread exits, or it is another
 * thread's in a fork's child): its blocks to the shared cache, its deltas into
 * the shared counts. The caller releases v[0..*nv) after. */
static void tc_unlink(tcache_t *tc) {
  st.live_bytes += (uint64_t)tc->live_bytes;
  st.live_blocks += (uint64_t)tc->live_blocks;
  st.recycled += tc->recycled;
  if (tc->prev) tc->prev->next = tc->next;
  else tcaches = tc->next;
  if (tc->next) tc->next->prev = tc->prev;
}
/* The pthread key's destructor: a leaving thread's cache goes back. A free
 * after this (a later destructor) takes the shared path. */
static void tc_exit(void *arg) {
  tcache_t *tc = arg;
  tc_gone = true;
  my_tc = NULL;
  tc_flush(tc, NULL, 0, true);
  lock_m();
  tc_unlink(tc);
  unlock_m();
  _oli_os_unmap(tc, sizeof *tc);
}
/* This thread's cache, made on first use; NULL when there is none (the thread
 * is leaving, or no memory for it). */
static tcache_t *tc_mine(void) {
  tcache_t *tc = my_tc;
  if (oli_likely(tc != NULL) || tc_gone) return tc;
  tc = _oli_os_map_rw(sizeof *tc, false);
  if (!tc) return NULL;
  tc_gone = true; /* glibc may allocate the key's slot (with calloc): that object takes the shared path */
  int rc = pthread_setspecific(tc_key, tc);
  tc_gone = false;
  if (rc != 0) {
    _oli_os_unmap(tc, sizeof *tc);
    return NULL;
  }
  lock_m();
  tc->next = tcaches;
  if (tcaches) tcaches->prev = tc;
  tcaches = tc;
  unlock_m();
  my_tc = tc;
  return tc;
}
/* A fork's child has one thread: the others' caches go back (a block one of
 * them had locked is let go; an object it was placing or freeing just then
 * stays as it was, as a block it was carving does). */
static void atfork_child(void) {
  pthread_mutex_init(&lock, NULL);
  pthread_cond_init(&unheld, NULL);
  for (tcache_t *t = tcaches, *nx; t; t = nx) {
    nx = t->next;
    if (t == my_tc) continue;
    if (t->busy) __atomic_store_n(&B(t->busy).lk, 0, __ATOMIC_RELEASE);
    tc_flush(t, NULL, 0, true);
    lock_m();
    tc_unlink(t);
    unlock_m();
    _oli_os_unmap(t, sizeof *t);
  }
}

/* ---- init ------------------------------------------------------------------ */
/* The arena: PROT_NONE, no MAP_NORESERVE (see the head of the file). */
static void *reserve_arena(uint64_t len) { return _oli_os_reserve(len); }
static void do_init(void) {
  pgsz = _oli_page_size();
  pgshift = (uint64_t)__builtin_ctzll(pgsz);
  uint64_t want = (uint64_t)_oli_option_get(oli_option_arena_size);
  if (want == 0) want = OLI_DEFAULT_ARENA_SIZE;
  want &= ~(pgsz - 1);
  void *a = NULL;
  uint64_t len = want;
  for (;; len = (len / 2) & ~(pgsz - 1)) {
    if ((a = reserve_arena(len)) != NULL || len <= MIN_ARENA) break;
  }
  if (!a) {
    _oli_warning_message(W_MMAP, "cannot reserve an arena of %llu bytes (%s); objects stay with glibc "
                         "(under a limit on address space, ulimit -v, set OLI_ARENA_SIZE to a size that fits: 64M)",
                         (unsigned long long)want, strerror(errno));
    return;
  }
  if (len != want && _oli_option_is_set(oli_option_arena_size))
    _oli_warning_message(W_MMAP, "OLI_ARENA_SIZE=%llu could not be reserved; using %llu bytes",
                         (unsigned long long)want, (unsigned long long)len);
  else if (len != want) /* the default's address space, under a limit (ulimit -v) */
    _oli_warning_message(W_MMAP, "the arena's %llu bytes of address space could not be reserved (a limit, ulimit -v?); "
                         "using %llu bytes (set OLI_ARENA_SIZE to choose)",
                         (unsigned long long)want, (unsigned long long)len);
  npages_total = len >> pgshift;
  if (_oli_lazy_reserve(&pmap_l, npages_total * sizeof(uint32_t)) == 0) pmap = (uint32_t *)pmap_l.base;
  if (_oli_lazy_reserve(&blk_l, (uint64_t)MAX_BLOCKS * sizeof(blk_t)) == 0) blk = (blk_t *)blk_l.base;
  if (_oli_lazy_reserve(&lay_l, (uint64_t)MAX_BLOCKS * sizeof(blay_t)) == 0) lay = (blay_t *)lay_l.base;
  if (_oli_option_str(oli_option_profile) != NULL) {
    if (_oli_lazy_reserve(&omap_l, npages_total * sizeof(uint32_t)) == 0) omap = (uint32_t *)omap_l.base;
    else
      _oli_warning_message(W_MMAP, "cannot map the profile's owner map (%s); sampled accesses "
                           "are not attributed", strerror(errno));
  }
  if (!pmap || !blk || !lay) {
    _oli_warning_message(W_MMAP, "cannot map arena metadata (%s); objects stay with glibc", strerror(errno));
    _oli_os_unmap(a, len);
    return;
  }
  if (pthread_key_create(&tc_key, tc_exit) != 0) {
    _oli_warning_message(W_MMAP, "cannot create the arena's thread key (%s); objects stay with glibc", strerror(errno));
    _oli_os_unmap(a, len);
    return;
  }
  pthread_atfork(lock_m, unlock_m, atfork_child);
  __atomic_store_n(&_oli_arena_lo, (uintptr_t)a, __ATOMIC_RELAXED);
  pool_range(0, npages_total);
  st.reserved = len;
  __atomic_store_n(&_oli_arena_len, (uintptr_t)len, __ATOMIC_RELEASE);
  _oli_heap_window((uintptr_t)a, len); /* the pass's inline free test (host.c) */
  _oli_verbose_message(1, "arena: %llu bytes reserved at %p", (unsigned long long)len, a);
  init_rc = 0;
}
int _oli_arena_init(void) {
  pthread_once(&once, do_init);
  return init_rc;
}


/* The layout place.c made for block i (its VMAs are counted in the budget). */
static void set_layout(uint32_t i, const oli_layout_t *lo) {
  L(i).vmas = lo->vmas < (1u << 31) ? (uint32_t)lo->vmas : (1u << 31) - 1;
  L(i).coarsened = lo->coarsened;
  L(i).run = lo->max_run < UINT32_MAX ? (uint32_t)lo->max_run : UINT32_MAX;
}

/* Block i (busy or thread-cached: the caller's) takes the object of `size`
 * bytes for site by d (class cls) and goes live. Under the block's lock. */
static void go_live(uint32_t i, size_t size, size_t slack, uint64_t npg, uint16_t cls, const oli_decision_t *d,
                    oli_site_state_t *site, bool fresh, bool commit) {
  B(i).cls = cls;
  B(i).want = cls;
  B(i).pmille = (uint16_t)(d->percent_x10 > 1000 ? 1000 : d->percent_x10);
  B(i).size = size;
  __atomic_store_n(&B(i).site, site, __ATOMIC_RELAXED);
  B(i).fallback = 0;
  B(i).held = 0;
  if (fresh) B(i).gen = 0;
  else if (++B(i).gen >= 2 * GEN_N) B(i).gen -= GEN_N; /* from GEN_N on: every offset was used */
  B(i).off = slack ? (uint16_t)((B(i).gen % GEN_N) * GEN_STEP) : 0;
  if (B(i).off + size > npg << pgshift) B(i).off = 0;
  owner_mark(i, i, commit);
  state_set(i, S_LIVE);
}

/* Count block i live (+1) or not (-1): in this thread's deltas, else under the lock. */
static void count_live(tcache_t *tc, uint32_t i, int sign) {
  int64_t b = (int64_t)(B(i).npg << pgshift);
  if (tc) {
    tc_add(&tc->live_bytes, sign * b);
    tc_add(&tc->live_blocks, sign);
    return;
  }
  lock_m();
  st.live_bytes += (uint64_t)(sign * b);
  st.live_blocks += (uint64_t)(int64_t)sign;
  unlock_m();
}

/* ---- public (internal) API ---------------------------------------------------- */
void *_oli_arena_alloc(size_t size, size_t align, const oli_decision_t *d, oli_site_state_t *site, bool zero,
                       unsigned *flags) {
  *flags = 0;
  if (_oli_arena_init() != 0) return NULL;
  if (size == 0) size = 1;
  if (size > ((uint64_t)1 << 62)) return NULL;
  size_t slack = align <= GEN_STEP ? GEN_SLACK : 0; /* room for the generations' offsets */
  uint64_t npg = (size + slack + pgsz - 1) >> pgshift, al = align > pgsz ? align >> pgshift : 1;
  uint64_t huge = OLI_HUGE_BYTES >> pgshift; /* THP-sized objects start on a huge page */
  if (npg >= huge && al < huge) al = huge;
  tcache_t *tc = tc_mine();
  uint16_t cls = class_find(d);
  uint32_t i = 0;
  if (tc && cls != 0 && cls != 0xffff && (i = tc_take(tc, cls, npg, al)) != 0) {
    /* this thread's cache: the block's lock only */
    tc->busy = i;
    blk_lock(i);
    bool dirty = B(i).dirty;
    go_live(i, size, slack, npg, cls, d, site, false, false);
    B(i).dirty = 1;
    uint16_t off = B(i).off;
    blk_unlock(i);
    tc->busy = 0;
    count_live(tc, i, +1);
    tc_add((int64_t *)&tc->recycled, 1);
    *flags |= OLI_AF_RECYCLED;
    void *p = (char *)addr_of(i) + off;
    if (zero && dirty) memset(p, 0, size);
    return p;
  }
  lock_m();
  cls = class_of(d);
  i = cache_take(cls, npg, al);
  bool fresh = false;
  if (i) {
    st.recycled++;
    tbin_t *x = tc ? tc_bin(tc, cls, npg) : NULL; /* a batch for this thread's next ones */
    if (tc && !x) x = tc_bin_new(tc, cls, npg);
    for (int k = 1; x && k < TC_REFILL && x->n < TC_DEPTH && tc->bytes + (npg << pgshift) <= TC_BYTES; k++) {
      uint32_t j = cache_take(cls, npg, al);
      if (!j) break;
      state_to(j, S_TCACHED);
      tc_stash(tc, x, j);
    }
  } else {
    i = pool_take(npg, al);
    fresh = true;
    while (!i && lru_tail) { /* no virtual space: give cached blocks back, retry */
      uint32_t v[64];
      int n = 0;
      while (n < 64 && lru_tail) {
        uint32_t c = lru_tail;
        cache_unlink(c);
        state_to(c, S_BUSY);
        v[n++] = c;
      }
      unlock_m();
      release(v, n);
      lock_m();
      i = pool_take(npg, al);
    }
    if (!i) {
      unlock_m();
      return NULL;
    }
    st.fresh++;
    st.carved += npg << pgshift;
    if (B(i).pg + B(i).npg > pg_hi) pg_hi = B(i).pg + B(i).npg;
  }
  uint64_t now = live_blocks_now() + 1;
  if (now > peak_blocks) peak_blocks = now;
  unlock_m();

  void *p = addr_of(i);
  bool fallback = false;
  oli_layout_t layout = {0};
  if (fresh) {
    if (_oli_os_protect(p, npg << pgshift, true) != 0) {
      int e = errno; /* ENOMEM: the commit charge refused (or no VMA left): the caller decides */
      lock_m();
      st.carved -= npg << pgshift;
      pool_insert(i);
      unlock_m();
      *flags |= OLI_AF_NOMEM;
      errno = e;
      return NULL;
    }
    oli_decision_t pd = *d; /* the mechanism for this block's pages and alignment */
    pd.mechanism = _oli_place_mechanism(d, npg, (uintptr_t)p % OLI_HUGE_BYTES == 0);
    char what[48];
    snprintf(what, sizeof what, "an object of %llu bytes", (unsigned long long)size);
    if (_oli_place_checked(p, npg << pgshift, &pd, 0, what, &layout) != 0) {
      fallback = true;
      *flags |= OLI_AF_FALLBACK;
    }
  } else {
    *flags |= OLI_AF_RECYCLED;
  }
  if (tc) tc->busy = i;
  blk_lock(i);
  bool dirty = B(i).dirty;
  go_live(i, size, slack, npg, cls, d, site, fresh, true);
  if (fresh) set_layout(i, &layout);
  if (fallback) {
    B(i).cls = 0;
    B(i).fallback = 1;
  }
  B(i).dirty = 1;
  uint16_t off = B(i).off;
  blk_unlock(i);
  if (tc) tc->busy = 0;
  count_live(tc, i, +1);
  p = (char *)p + off;
  if (!fresh && zero && dirty) memset(p, 0, size);
  return p;
}

void *_oli_arena_alloc_decided(size_t size, size_t align, oli_decision_t *d, oli_site_state_t *site, bool zero,
                               unsigned *flags) {
  *flags = 0;
  if (_oli_arena_init() != 0) return NULL; /* pgsz is the arena's once it is up (another thread may bring it up) */
  d->mechanism = _oli_place_mechanism(d, (size + pgsz - 1) / pgsz, true); /* an arena block: aligned */
  return _oli_arena_alloc(size, align, d, site, zero, flags);
}

/* Under the lock: the descriptor of the live block starting at p, its block
 * lock held (the caller lets it go); 0 when none. */
static uint32_t live_at(const void *p) {
  uintptr_t off = (uintptr_t)p - _oli_arena_lo;
  uint32_t i = pm_get(off >> pgshift);
  if (!i || i > nblk()) return 0;
  blk_lock(i);
  if (state_of(i) != S_LIVE || B(i).pg != off >> pgshift || (off & (pgsz - 1)) != B(i).off) {
    blk_unlock(i);
    return 0;
  }
  return i;
}

/* Under block i's lock. */
static void fill_info(uint32_t i, oli_block_info_t *out) {
  int n = ncls();
  out->addr = (char *)addr_of(i) + B(i).off;
  out->size = B(i).size;
  out->capacity = (B(i).npg << pgshift) - B(i).off;
  out->site = B(i).site;
  out->fallback = B(i).fallback;
  out->layout = (oli_layout_t){L(i).vmas, L(i).run, L(i).coarsened};
  if (B(i).cls < n) out->decision = classes[B(i).cls];
  else memset(&out->decision, 0, sizeof out->decision);
  if (B(i).cls == 0xffff) out->decision.placement = OLI_PLACE_DEFAULT;
  if (B(i).want < n) out->want = classes[B(i).want];
  else memset(&out->want, 0, sizeof out->want); /* unknown: placement DEFAULT, never re-decided */
  out->want.percent_x10 = B(i).pmille;
}

/* Under the lock: wait while settle.c holds the live block at p; its
 * descriptor after, its block lock held (0 when p is no live block). */
static uint32_t live_unheld(const void *p) {
  uint32_t i;
  while ((i = live_at(p)) != 0 && B(i).held) {
    blk_unlock(i);
    pthread_cond_wait(&unheld, &lock);
  }
  return i;
}

int _oli_arena_hold(const void *p, uint64_t size, oli_block_info_t *out) {
  if (!_oli_arena_contains(p)) return -1;
  lock_m();
  uint32_t i = live_at(p);
  int rc = -1;
  if (i) {
    if (!B(i).held && B(i).size == size && B(i).want != 0xffff) {
      B(i).held = 1;
      fill_info(i, out);
      rc = 0;
    }
    blk_unlock(i);
  }
  unlock_m();
  return rc;
}

void _oli_arena_unhold(const void *p, const oli_decision_t *want, bool placed) {
  lock_m();
  uint16_t w = class_of(want);
  uint32_t i = live_at(p);
  if (i) {
    if (B(i).held) {
      B(i).want = w;
      B(i).pmille = (uint16_t)(want->percent_x10 > 1000 ? 1000 : want->percent_x10);
      B(i).cls = placed ? w : 0;
      B(i).fallback = !placed && want->placement != OLI_PLACE_DEFAULT;
      B(i).held = 0;
      pthread_cond_broadcast(&unheld);
    }
    blk_unlock(i);
  }
  unlock_m();
}

int _oli_arena_info(const void *p, oli_block_info_t *out) {
  if (!_oli_arena_contains(p)) return -1;
  lock_m();
  uint32_t i = live_at(p);
  if (i) {
    fill_info(i, out);
    blk_unlock(i);
  }
  unlock_m();
  return i ? 0 : -1;
}

oli_site_state_t *_oli_arena_owner(const void *p, uintptr_t *obj) {
  uint32_t *m = __atomic_load_n(&omap, __ATOMIC_RELAXED);
  if (!m || !_oli_arena_contains(p)) return NULL;
  uint64_t k = ((uintptr_t)p - _oli_arena_lo) >> pgshift;
  if (!_oli_lazy_has(&omap_l, k * sizeof *m)) return NULL; /* no block ever lived there */
  uint32_t i = __atomic_load_n(&m[k], __ATOMIC_ACQUIRE);
  if (i == 0) return NULL;
  /* the block's start: the object's identity and the base of its sampled
   * offsets (a live block's pages do not move) */
  if (obj) *obj = _oli_arena_lo + (__atomic_load_n(&B(i).pg, __ATOMIC_RELAXED) << pgshift);
  return __atomic_load_n(&B(i).site, __ATOMIC_RELAXED);
}

/* Under the lock: p (not a live object) was one of this block's objects
 * before: the block is free now (cached, here or in a thread's cache), or p is
 * an earlier generation's start - one of the offsets its generations have
 * used so far (all of them from gen GEN_N on). Else p never started an
 * object here: inside one (q + 64) or not an object at all, glibc's "invalid
 * pointer". */
static bool was_object(const void *p) {
  uintptr_t off = (uintptr_t)p - _oli_arena_lo;
  uint32_t i = pm_get(off >> pgshift);
  if (!i || i > nblk()) return false;
  blk_lock(i);
  uint8_t s = state_of(i);
  bool r = false;
  uint64_t in = off & (pgsz - 1);
  uint64_t used = B(i).gen >= GEN_N ? GEN_SLACK : (uint64_t)B(i).gen * GEN_STEP; /* the last offset used */
  if (B(i).pg == off >> pgshift && in % GEN_STEP == 0 && in <= used)
    r = s == S_CACHED || s == S_TCACHED || (s == S_LIVE && in != B(i).off);
  blk_unlock(i);
  return r;
}

/* The free of a live block through this thread's cache, with the block's lock
 * alone; false when it must take the shared path (no cache, not a live
 * block's start, held, not recycled, too large for a thread's cache). */
static bool free_fast(tcache_t *tc, void *p, oli_block_info_t *out) {
  uintptr_t off = (uintptr_t)p - _oli_arena_lo;
  uint32_t i = pm_get(off >> pgshift);
  if (!i || i > nblk()) return false;
  tc->busy = i;
  blk_lock(i);
  if (state_of(i) != S_LIVE || B(i).pg != off >> pgshift || (off & (pgsz - 1)) != B(i).off || B(i).held ||
      B(i).cls == 0 || B(i).cls == 0xffff || (B(i).npg << pgshift) > TC_BYTES / 4) {
    blk_unlock(i);
    tc->busy = 0;
    return false;
  }
  if (out) fill_info(i, out);
  owner_mark(i, 0, false);
  state_set(i, S_TCACHED);
  blk_unlock(i);
  tc->busy = 0;
  count_live(tc, i, -1);
  tc_put(tc, i);
  return true;
}

void _oli_arena_free(void *p, oli_block_info_t *out) {
  tcache_t *tc = tc_mine();
  if (tc && free_fast(tc, p, out)) return;
  uint32_t victims[8];
  int nv = 0;
  lock_m();
  uint32_t i = live_unheld(p);
  if (!i) {
    bool freed = was_object(p);
    unlock_m();
    if (freed) _oli_error_message(0, "free(%p): double free (the object was freed already)", p);
    else _oli_error_message(EINVAL, "free(%p): invalid pointer (not the start of an object of the oli arena)", p);
    abort();
  }
  if (out) fill_info(i, out);
  owner_mark(i, 0, false);
  state_set(i, S_BUSY);
  blk_unlock(i);
  st.live_bytes -= B(i).npg << pgshift;
  st.live_blocks--;
  if (!cache_push(i)) victims[nv++] = i;
  nv += evict(victims + nv, 8 - nv);
  unlock_m();
  if (nv) release(victims, nv);
}

int _oli_arena_resize(void *p, size_t size) {
  lock_m();
  uint32_t i = live_unheld(p);
  int rc = -1;
  if (i) {
    uint64_t cap = (B(i).npg << pgshift) - B(i).off;
    /* In place while it fits and does not waste more than half the block. */
    if (size <= cap && size >= cap / 2) {
      B(i).size = size;
      rc = 0;
    }
    blk_unlock(i);
  }
  unlock_m();
  return rc;
}

void _oli_arena_set_layout(const void *p, const oli_layout_t *lo) {
  lock_m();
  uint32_t i = live_at(p);
  if (i) {
    _oli_vma_give(L(i).vmas); /* the range was laid out anew: the old runs are gone */
    set_layout(i, lo);
    blk_unlock(i);
  }
  unlock_m();
}

void _oli_arena_foreach(void (*fn)(const oli_block_info_t *b, void *arg), void *arg) {
  if (!__atomic_load_n(&_oli_arena_len, __ATOMIC_ACQUIRE)) return;
  lock_m();
  for (uint32_t i = 1, n = nblk(); i <= n; i++)
    if (state_of(i) == S_LIVE) {
      oli_block_info_t b;
      blk_lock(i);
      bool live = state_of(i) == S_LIVE;
      if (live) fill_info(i, &b);
      blk_unlock(i);
      if (live) fn(&b, arg);
    }
  unlock_m();
}

void _oli_arena_stats(oli_arena_stats_t *s) {
  lock_m();
  *s = st;
  for (tcache_t *t = tcaches; t; t = t->next) {
    s->live_bytes += (uint64_t)tc_get(&t->live_bytes);
    s->live_blocks += (uint64_t)tc_get(&t->live_blocks);
    s->cached_bytes += (uint64_t)tc_get(&t->cached_bytes);
    s->cached_blocks += (uint64_t)tc_get(&t->cached_blocks);
    s->recycled += (uint64_t)tc_get((const int64_t *)&t->recycled);
  }
  s->cache_limit = CACHE_BASE + s->live_bytes / 4;
  unlock_m();
}

/* Resident bytes of the first `len` bytes of a metadata map (mincore). */
static uint64_t resident(const void *map, uint64_t len) {
  unsigned char v[4096];
  uint64_t n = 0, sys = _oli_page_size();
  len = (len + sys - 1) & ~(sys - 1);
  for (uint64_t off = 0; off < len; off += sizeof v * sys) {
    uint64_t l = len - off < sizeof v * sys ? len - off : sizeof v * sys;
    if (_oli_os_mincore((char *)map + off, l, v) != 0) return n + (len - off); /* unknown: count it all */
    for (uint64_t k = 0; k < l / sys; k++) n += (v[k] & 1) ? sys : 0;
  }
  return n;
}

/* The arena's own bookkeeping: descriptors up to the high-water mark, the
 * resident part of the page map (and, in profile runs, of the owner map) up to
 * the highest page ever handed out, and the fixed tables (bins, classes, cache
 * keys). The page map is indexed by page: its cost grows with pages, a few
 * bytes per page of the objects' extent, not with the number of objects. */
void _oli_arena_meta(uint64_t *fixed, uint64_t *objects, uint64_t *peak_objects) {
  *fixed = *objects = 0;
  *peak_objects = 0;
  if (!__atomic_load_n(&_oli_arena_len, __ATOMIC_ACQUIRE)) return;
  lock_m();
  uint64_t maps = resident(pmap, pg_hi * sizeof(uint32_t)) + (omap ? resident(omap, pg_hi * sizeof(uint32_t)) : 0);
  *objects = (uint64_t)nblk_used * (sizeof(blk_t) + sizeof(blay_t)) + maps;
  *fixed = sizeof(bins) + sizeof(binmap) + sizeof(classes) + sizeof(keys);
  for (tcache_t *t = tcaches; t; t = t->next) *fixed += sizeof *t;
  uint64_t now = live_blocks_now();
  *peak_objects = now > peak_blocks ? now : peak_blocks;
  unlock_m();
}
