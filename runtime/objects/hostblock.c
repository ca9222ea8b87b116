/* runtime/objects/hostblock.c - placed objects in the process allocator's memory
 * (host mode, host.c).
 *
 * An object of OLI_MIN_SIZE or more that the decision places is the host
 * allocator's aligned allocation (posix_memalign: page aligned, 2 MiB
 * aligned from 2 MiB on) of its size rounded up to whole pages; those pages
 * get the decision's policy with mbind(MPOL_MF_MOVE) before the program sees
 * the object: pages the allocator never handed out are placed at first
 * touch, pages it recycled (already present) are moved. Any code may free it
 * with the process's free().
 *
 * The runtime knows its blocks by address (a table sorted by address, under
 * a read-write lock): free, realloc, delete and malloc_usable_size from
 * instrumented code (the pass's __oli_* entry points) take a block back,
 * booked and with its range's policy reset to the default, so the allocator
 * reuses that memory unplaced. A block freed by code not built with the
 * plugin is not seen: it stays booked as live until the allocator hands its
 * memory out again to a block of ours (then it is retired, counted in the
 * report's allocator.unseen_frees) - the report's live bytes may be high by
 * such blocks, never low. Re-decisions (settle.c) move arena blocks only:
 * a block here keeps the decision it was placed with. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "internal.h"

#define MAX_BLOCKS (1u << 20)
#ifndef MPOL_MF_MOVE
#define MPOL_MF_MOVE (1 << 1)
#endif

typedef struct hblock_s {
  uintptr_t addr;
  uint64_t span; /* whole pages placed */
  oli_block_info_t b; /* b.capacity: the allocator's usable size of it */
} hblock_t;

static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static oli_lazy_t tab_l;
static hblock_t *tab;
static size_t ntab;
static uint64_t stat_blocks, stat_unseen, stat_unseen_bytes;

/* A child forked while another thread changed the table: the table may be
 * half-moved, so the child forgets it. Its blocks stay the allocator's (freed
 * by whichever free, as any block of it); the child just no longer counts
 * them (docs/runtime.md, "The process's allocator"). */
static void torn(void) { ntab = 0; }
__attribute__((constructor)) static void guard_lock(void) { _oli_fork_guard_rw(&lock, torn); }

static int reserve(void) {
  if (tab) return 0;
  if (_oli_lazy_reserve(&tab_l, (size_t)MAX_BLOCKS * sizeof(hblock_t)) != 0) return -1;
  tab = (hblock_t *)tab_l.base;
  return 0;
}

/* The first entry whose addr is >= a (under the lock). */
static size_t lower_bound(uintptr_t a) {
  size_t lo = 0, hi = ntab;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (tab[mid].addr < a) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* The entry holding address a (any byte of its span), or ntab. */
static size_t holding(uintptr_t a) {
  size_t i = lower_bound(a + 1); /* first entry starting after a */
  if (i == 0) return ntab;
  i--;
  return a - tab[i].addr < tab[i].span ? i : ntab;
}

static void book(const oli_block_info_t *b, int sign) {
  _oli_placed_live(b->site, &b->decision, b->fallback, b->size, sign);
}

/* Entry i leaves the table (under the write lock); its VMAs go back. */
static void drop(size_t i) {
  _oli_vma_give(tab[i].b.layout.vmas);
  memmove(&tab[i], &tab[i + 1], (ntab - i - 1) * sizeof *tab);
  ntab--;
}

/* Blocks overlapping [a, a + span): the allocator gave their memory to the
 * new block, so code that was not ours freed them. */
static void retire_overlapping(uintptr_t a, uint64_t span) {
  size_t i = lower_bound(a);
  if (i > 0 && tab[i - 1].addr + tab[i - 1].span > a) i--;
  while (i < ntab && tab[i].addr < a + span) {
    book(&tab[i].b, -1);
    stat_unseen++;
    stat_unseen_bytes += tab[i].b.size;
    drop(i);
  }
}

/* Entry i's block may have been freed by code we do not see and its address
 * handed out again by the allocator: its usable size then tells (a block of
 * another size), and the entry is retired (under the write lock). An object
 * of the same address and usable size is taken for ours: every operation on
 * it stays within what the allocator gave (capacity), so it is still safe. */
static bool stale(size_t i) {
  if (_oli_host.usable_size(tab[i].b.addr) == tab[i].b.capacity) return false;
  book(&tab[i].b, -1);
  stat_unseen++;
  stat_unseen_bytes += tab[i].b.size;
  drop(i);
  return true;
}

/* The live entry starting at p, or ntab (under the write lock). */
static size_t at(const void *p) {
  size_t i = lower_bound((uintptr_t)p);
  return i < ntab && tab[i].addr == (uintptr_t)p && !stale(i) ? i : ntab;
}

static void reset_policy(uintptr_t a, uint64_t span) {
  _oli_os_mbind((void *)a, span, 0 /* MPOL_DEFAULT */, NULL, 0, 0);
}

void *_oli_hostblock_alloc(oli_site_state_t *st, const oli_decision_t *d, size_t n, size_t align, bool zero,
                           unsigned *fl) {
  *fl = 0;
  uint64_t pg = _oli_page_size();
  if (n == 0 || n > ((uint64_t)1 << 62)) return NULL;
  if (!_oli_host.usable_size) { /* no way to tell our blocks from its reuse of them: none placed */
    errno = ENOSYS;
    *fl |= OLI_AF_NOMEM;
    return NULL;
  }
  uint64_t span = (n + pg - 1) & ~(pg - 1);
  size_t al = span >= OLI_HUGE_BYTES ? OLI_HUGE_BYTES : pg;
  if (align > al) al = align;
  void *p = NULL;
  int e = _oli_host.posix_memalign(&p, al, span);
  if (e) {
    errno = e;
    *fl |= OLI_AF_NOMEM;
    return NULL;
  }
  hblock_t h = {(uintptr_t)p, span, {0}};
  h.b.addr = p;
  h.b.size = n;
  h.b.capacity = _oli_host.usable_size(p);
  h.b.site = st;
  h.b.decision = h.b.want = *d;
  h.b.decision.mechanism = _oli_place_mechanism(d, span / pg, (uintptr_t)p % OLI_HUGE_BYTES == 0);
  char what[64];
  snprintf(what, sizeof what, "an object of %zu bytes", n);
  if (_oli_place_checked(p, span, &h.b.decision, MPOL_MF_MOVE, what, &h.b.layout) != 0) {
    h.b.fallback = true;
    h.b.decision.placement = OLI_PLACE_DEFAULT;
    *fl |= OLI_AF_FALLBACK;
  }
  if (zero) memset(p, 0, n); /* after the policy: the pages fault where they belong */
  pthread_rwlock_wrlock(&lock);
  if (ntab >= MAX_BLOCKS || reserve() != 0 || !_oli_lazy_commit(&tab_l, ntab * sizeof *tab, sizeof *tab)) {
    pthread_rwlock_unlock(&lock);
    reset_policy(h.addr, span); /* untracked memory keeps no policy */
    _oli_vma_give(h.b.layout.vmas);
    _oli_host.free(p);
    errno = ENOMEM;
    *fl = OLI_AF_NOMEM; /* the caller takes the allocator's memory, with a warning */
    return NULL;
  }
  retire_overlapping(h.addr, span);
  size_t i = lower_bound(h.addr);
  memmove(&tab[i + 1], &tab[i], (ntab - i) * sizeof *tab);
  tab[i] = h;
  ntab++;
  stat_blocks++;
  book(&h.b, +1);
  pthread_rwlock_unlock(&lock);
  return p;
}

bool _oli_hostblock_take(void *p, oli_block_info_t *out) {
  if (!tab || (uintptr_t)p % _oli_page_size()) return false; /* blocks start on a page */
  pthread_rwlock_wrlock(&lock);
  size_t i = at(p);
  bool found = i < ntab;
  hblock_t h;
  if (found) {
    h = tab[i];
    drop(i);
    book(&h.b, -1);
  }
  pthread_rwlock_unlock(&lock);
  if (!found) return false;
  reset_policy(h.addr, h.span);
  if (out) *out = h.b;
  return true;
}

int _oli_hostblock_info(const void *p, oli_block_info_t *out) {
  if (!tab) return -1;
  pthread_rwlock_wrlock(&lock); /* may retire a stale entry */
  size_t i = at(p);
  int rc = i < ntab ? 0 : -1;
  if (rc == 0 && out) *out = tab[i].b;
  pthread_rwlock_unlock(&lock);
  return rc;
}

int _oli_hostblock_resize(void *p, size_t n) {
  if (!tab) return -1;
  pthread_rwlock_wrlock(&lock);
  size_t i = at(p);
  int rc = i < ntab && n <= tab[i].b.capacity ? 0 : -1;
  if (rc == 0) {
    book(&tab[i].b, -1);
    tab[i].b.size = n;
    book(&tab[i].b, +1);
  }
  pthread_rwlock_unlock(&lock);
  return rc;
}

oli_site_state_t *_oli_hostblock_owner(const void *p) {
  if (!tab) return NULL;
  pthread_rwlock_rdlock(&lock);
  size_t i = holding((uintptr_t)p);
  oli_site_state_t *st = i < ntab ? tab[i].b.site : NULL;
  pthread_rwlock_unlock(&lock);
  return st;
}

void _oli_hostblock_foreach(void (*fn)(const oli_block_info_t *b, void *arg), void *arg) {
  if (!tab) return;
  pthread_rwlock_rdlock(&lock);
  for (size_t i = 0; i < ntab; i++) fn(&tab[i].b, arg);
  pthread_rwlock_unlock(&lock);
}

void _oli_hostblock_stats(oli_hostblock_stats_t *s) {
  pthread_rwlock_rdlock(&lock);
  s->blocks = stat_blocks;
  s->live_blocks = ntab;
  s->unseen_frees = stat_unseen;
  s->unseen_bytes = stat_unseen_bytes;
  pthread_rwlock_unlock(&lock);
}

/* free() of the process allocator's memory (internal.h's _oli_heap_free, not
 * interposed): a placed block is booked freed first. */
void _oli_heap_free_host(void *p) {
  if (!_oli_heap_is_host()) {
    __libc_free(p);
    return;
  }
  _oli_hostblock_take(p, NULL);
  _oli_host.free(p);
}
