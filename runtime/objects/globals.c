/* runtime/objects/globals.c - placement of registered global objects (C .bss/.data
 * arrays, Fortran COMMON blocks and module arrays).
 *
 * The pass's module constructor calls __oli_register_global(addr, size, site)
 * before main. The pages wholly inside [addr, addr+size) get the decision
 * with MPOL_MF_MOVE (a .data page may already be resident); pages shared
 * with neighbouring objects are left alone, and the report counts only the
 * owned ones (its edge pages are pages_shared). Globals are kept in a small
 * append-only table (own mapping) for the report. When their module goes
 * (its destructor calls __oli_fini: dlclose, or exit) their pages are read
 * one last time for the report, and nothing reads their addresses again. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "internal.h"

#ifndef MPOL_MF_MOVE
#define MPOL_MF_MOVE (1 << 1)
#endif
#define MAX_GLOBALS 65536

static oli_global_t *globals;
static size_t nglobals;
/* Globals below OLI_MIN_SIZE: not placed, counted once as small objects of
 * their site - a COMMON block every file that uses it registers is one
 * object (the placed ones are found in globals[]). */
typedef struct small_global_s {
  uintptr_t addr;
  const __oli_site_t *rec; /* the registering module's record: its unload ends the entry */
  bool unloaded;
} small_global_t;
static small_global_t *smalls;
static size_t nsmalls;
static pthread_mutex_t glock = PTHREAD_MUTEX_INITIALIZER;
__attribute__((constructor)) static void guard_glock(void) { _oli_fork_guard(&glock, NULL); }

const oli_global_t *_oli_global_at(size_t i) {
  return i < __atomic_load_n(&nglobals, __ATOMIC_ACQUIRE) ? &globals[i] : NULL;
}

void _oli_global_owned(uintptr_t addr, uint64_t size, uintptr_t *lo, uintptr_t *hi) {
  uint64_t pg = _oli_page_size();
  *lo = (addr + pg - 1) & ~(pg - 1);
  *hi = (addr + size) & ~(pg - 1);
  if (*hi < *lo) *hi = *lo;
}

/* addr is registered already and its module still loaded: one program-wide
 * global (a COMMON block declared in every file that uses it, a weak or
 * inline variable) that each module's constructor registers. Constructors
 * run one at a time (the loader's lock), so the test and the insert below
 * need no lock between them. */
static bool registered(void *addr) {
  pthread_mutex_lock(&glock);
  bool found = false;
  for (size_t i = 0; i < nglobals && !found; i++)
    found = globals[i].addr == addr && !atomic_load_explicit(&globals[i].unloaded, memory_order_relaxed);
  for (size_t i = 0; i < nsmalls && !found; i++) found = smalls[i].addr == (uintptr_t)addr && !smalls[i].unloaded;
  pthread_mutex_unlock(&glock);
  return found;
}

void _oli_global_register(void *addr, uint64_t size, __oli_site_t *site) {
  oli_site_state_t *st = _oli_site_state(site);
  if (registered(addr)) return; /* placed, counted and reported once */
  if (size < (uint64_t)_oli_option_get(oli_option_min_size)) {
    _oli_site_count_small(st, size);
    pthread_mutex_lock(&glock);
    if (!smalls) smalls = _oli_os_map_rw(sizeof(small_global_t) * MAX_GLOBALS, true);
    if (smalls && nsmalls < MAX_GLOBALS) smalls[nsmalls++] = (small_global_t){(uintptr_t)addr, site, false};
    pthread_mutex_unlock(&glock);
    return;
  }
  oli_decision_t d = _oli_alloc_decide(st, size);
  uint64_t pg = _oli_page_size();
  uintptr_t lo, hi;
  _oli_global_owned((uintptr_t)addr, size, &lo, &hi);
  d.mechanism = _oli_place_mechanism(&d, (hi - lo) / pg, lo % OLI_HUGE_BYTES == 0); /* its own pages */
  _oli_site_count_object(st, size, &d);
  char what[64];
  snprintf(what, sizeof what, "global %p (%llu bytes)", addr, (unsigned long long)size);
  oli_layout_t lay;
  bool fallback = _oli_place_checked((void *)lo, hi - lo, &d, MPOL_MF_MOVE, what, &lay) != 0;
  if (fallback) _oli_site_fallback(st);
  _oli_alloc_account(&d, fallback, size, +1);
  _oli_site_live(st, size, +1);
  _oli_placed_global(size, +1);
  pthread_mutex_lock(&glock);
  if (!globals) {
    globals = _oli_os_map_rw(sizeof(oli_global_t) * MAX_GLOBALS, true);
  }
  if (globals && nglobals < MAX_GLOBALS) {
    oli_global_t *g = &globals[nglobals];
    g->addr = addr;
    g->size = size;
    g->site = st;
    g->decision = d;
    g->fallback = fallback;
    g->layout = lay;
    g->rec = site;
    atomic_store_explicit(&g->unloaded, false, memory_order_relaxed);
    __atomic_store_n(&nglobals, nglobals + 1, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&glock);
}

void _oli_globals_unload(const __oli_site_t *start, const __oli_site_t *stop) {
  pthread_mutex_lock(&glock);
  for (size_t i = 0; i < nsmalls; i++)
    if ((uintptr_t)smalls[i].rec - (uintptr_t)start < (uintptr_t)stop - (uintptr_t)start) smalls[i].unloaded = true;
  for (size_t i = 0; i < nglobals; i++) {
    oli_global_t *g = &globals[i];
    if ((uintptr_t)g->rec - (uintptr_t)start >= (uintptr_t)stop - (uintptr_t)start ||
        atomic_load_explicit(&g->unloaded, memory_order_relaxed))
      continue;
    uintptr_t lo, hi; /* the pages it owns, as the report counts them */
    _oli_global_owned((uintptr_t)g->addr, g->size, &lo, &hi);
    g->pages.ok = _oli_query_pages((void *)lo, hi - lo, g->pages.per_node, &g->pages.absent, &g->pages.sampled) == 0;
    atomic_store_explicit(&g->unloaded, true, memory_order_release);
    _oli_alloc_account(&g->decision, g->fallback, g->size, -1);
    _oli_site_live(g->site, g->size, -1);
    _oli_placed_global(g->size, -1);
  }
  pthread_mutex_unlock(&glock);
}
