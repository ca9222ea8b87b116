/* runtime/objects/placed.c - objects the runtime places: their decision, their tier
 * accounting and their memory.
 *
 * alloc.c's entry points hand every object of OLI_MIN_SIZE or more (and every
 * mmap region) here: gather() fills the decide input (the option part cached
 * at bring-up, the expected footprint, the DRAM budget's use, the plan entry,
 * read from fields); a new object's decision and arena block are one call
 * through site.c into the policy layer (_oli_site_block), so its path enters
 * no file more than twice (test/runtime/placed-path.py). The object comes
 * from the arena with its pages placed (arena.c, place.c), else from glibc
 * with the default policy,
 * counted as a fallback (no object at all when glibc has no memory either:
 * NULL, ENOMEM, as glibc alone). Live and peak bytes are booked per target tier (the
 * report's summary, the budget's dram_used) and in all, in livebytes.c's
 * counters: a thread that re-uses what it freed writes no shared line, and
 * the peaks stay exact. free and realloc of arena memory
 * come here from any code through the interposed free/realloc. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static oli_decide_in_t g_in; /* option/topology part of every decision */
static oli_decide_hook_t g_hook;
/* OLI_PROFILE set: objects >= OLI_MIN_SIZE whose decision is the default
 * policy (OLI_POLICY=off, no placement) still come from the arena, with the
 * default policy, so sampled accesses can be attributed to them. */
static bool g_profiling;

static oli_live_t tier_live[OLI_TIER_COUNT_];
static oli_live_t all_live; /* every placed object and global */
#define KEY_ALL (-1)
#define KEY_TIER(t) (-2 - (int32_t)(t)) /* livebytes.c: the process's counters 0 and 1 + t */
static _Atomic uint64_t total_peak;         /* the whole footprint's peak, as sampled */
static _Atomic uint64_t global_bytes;       /* placed globals: in the modules' data too */

void _oli_placed_global(uint64_t bytes, int sign) {
  if (sign > 0) atomic_fetch_add_explicit(&global_bytes, bytes, memory_order_relaxed);
  else atomic_fetch_sub_explicit(&global_bytes, bytes, memory_order_relaxed);
}

static bool g_plan_limit;    /* no OLI_DRAM_LIMIT, a rule policy: a plan's dram_limit holds */
static uint64_t g_page;      /* the page size, read once: the decision's pages */
static uint64_t g_footprint; /* OLI_FOOTPRINT, read once at bring-up */
/* OLI_VERBOSE >= 2, read once for the placed path */
static bool g_verbose2;
/* the default policy's pages count as local DRAM (not against a recorded tree) */
static bool g_default_dram = true;

void _oli_placed_init(void) {
  _oli_decide_defaults(&g_in);
  g_plan_limit = !_oli_option_is_set(oli_option_dram_limit) && oli_policy_is_rule(g_in.policy);
  g_page = _oli_page_size();
  g_footprint = (uint64_t)_oli_option_get(oli_option_footprint);
  g_verbose2 = _oli_option_get(oli_option_verbose) >= 2;
  g_profiling = _oli_option_str(oli_option_profile) != NULL;
  g_default_dram = g_in.topo == NULL || !g_in.topo->recorded;
  _oli_unplaced_init();
}

void _oli_alloc_set_decide_hook(oli_decide_hook_t hook) { g_hook = hook; }
oli_decide_hook_t _oli_alloc_decide_hook(void) { return g_hook; }

/* ---- accounting ------------------------------------------------------------------ */
static void book(oli_live_t *c, int32_t key, uint64_t b, int sign) {
  if (b == 0) return;
  if (sign > 0) _oli_live_add(c, key, b);
  else _oli_live_sub(c, key, b);
}

/* Bytes of a placed object per target tier, in proportion to the weights
 * (the last target takes the rounding); a fallback, or the default policy,
 * books everything to the default tier. */
static void account(const oli_decision_t *d, bool fallback, uint64_t bytes, int sign) {
  uint64_t sum = 0, given = 0;
  int last = -1;
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (d->target[i].weight) sum += d->target[i].weight, last = i;
  if (fallback || d->placement == OLI_PLACE_DEFAULT || sum == 0) {
    book(&tier_live[OLI_TIER_DEFAULT], KEY_TIER(OLI_TIER_DEFAULT), bytes, sign);
    return;
  }
  for (int i = 0; i <= last; i++) {
    const oli_target_t *t = &d->target[i];
    if (!t->weight) continue;
    uint64_t b = i == last ? bytes - given : (uint64_t)((unsigned __int128)bytes * t->weight / sum);
    given += b;
    book(&tier_live[t->tier], KEY_TIER(t->tier), b, sign);
  }
}

void _oli_alloc_account(const oli_decision_t *d, bool fallback, uint64_t bytes, int sign) {
  book(&all_live, KEY_ALL, bytes, sign);
  account(d, fallback, bytes, sign);
}

void _oli_alloc_rebook(const oli_decision_t *from, bool from_fallback, const oli_decision_t *to, bool to_fallback,
                       uint64_t bytes) {
  account(from, from_fallback, bytes, -1);
  account(to, to_fallback, bytes, +1);
}

void _oli_alloc_tier_bytes(uint64_t live[OLI_TIER_COUNT_], uint64_t peak[OLI_TIER_COUNT_]) {
  for (int i = 0; i < OLI_TIER_COUNT_; i++) {
    if (live) live[i] = _oli_live_now(&tier_live[i], KEY_TIER(i));
    if (peak) peak[i] = _oli_live_peak(&tier_live[i]);
  }
}

/* The whole footprint now (placed + unplaced, a sample at most 10 ms old
 * unless fresh), its parts, and the whole peak raised to it. Not exact: the
 * placed part may count the bytes other threads freed and hold for re-use
 * (_oli_live_bound: no read of their lines), but only while that is no more
 * than the whole peak already is - a larger value is read exactly before it
 * raises the peak. */
static uint64_t whole_now(bool fresh, bool exact, oli_footprint_parts_t *parts) {
  uint64_t heap, data, g = atomic_load_explicit(&global_bytes, memory_order_relaxed);
  if (fresh) _oli_unplaced(true, &heap, &data);
  else _oli_unplaced_recent(&heap, &data); /* a call once per 10 ms */
  uint64_t placed = exact ? _oli_live_now(&all_live, KEY_ALL) : _oli_live_bound(&all_live, KEY_ALL);
  uint64_t data_alone = data > g ? data - g : 0; /* placed globals are placed bytes */
  uint64_t t = placed + heap + data_alone;
  uint64_t p = atomic_load_explicit(&total_peak, memory_order_relaxed);
  if (!exact && t > p) {
    placed = _oli_live_now(&all_live, KEY_ALL);
    t = placed + heap + data_alone;
  }
  while (t > p && !atomic_compare_exchange_weak_explicit(&total_peak, &p, t, memory_order_relaxed,
                                                          memory_order_relaxed)) {
  }
  if (parts) *parts = (oli_footprint_parts_t){.placed = placed, .heap = heap, .data = data_alone};
  return t;
}

static uint64_t whole_peak(void) {
  uint64_t a = atomic_load_explicit(&total_peak, memory_order_relaxed);
  uint64_t b = _oli_live_peak(&all_live);
  return a > b ? a : b;
}

void _oli_footprint_now(uint64_t *live, uint64_t *peak) {
  uint64_t l = whole_now(false, true, NULL);
  if (live) *live = l;
  if (peak) *peak = whole_peak();
}

void _oli_footprint_parts(oli_footprint_parts_t *parts, uint64_t *placed_peak) {
  whole_now(true, true, parts);
  if (placed_peak) *placed_peak = _oli_live_peak(&all_live);
}

/* The footprint the process will have, as well as it is known now
 * (docs/runtime.md, "The footprint"): the largest of OLI_FOOTPRINT, the peak
 * of the whole footprint so far, and the whole footprint now (placed
 * objects, glibc's heap in use, the modules' data) plus this object plus the
 * static hints still to come (a hinted site's first object is in its hint). */
static uint64_t expected(uint64_t fp, uint64_t pending, bool exact) {
  uint64_t now = whole_now(false, exact, NULL) + pending;
  uint64_t pk = whole_peak();
  if (pk > fp) fp = pk;
  return now > fp ? now : fp;
}

uint64_t _oli_footprint_expected(const oli_site_state_t *st, uint64_t size) {
  bool own;
  uint64_t hints = _oli_site_hints(st, &own);
  return expected(g_footprint, hints + (own ? 0 : size), st == NULL);
}

const oli_decide_in_t *_oli_decide_base(void) { return &g_in; }

/* The bytes on local DRAM, as the budget counts them: the DRAM tier's and the
 * default policy's (a failed placement's pages and a profiling run's are
 * first-touch local, as the report's DRAM saved counts them too). Against a
 * recorded tree (OLI_SYSFS_ROOT) this machine's pages are not its nodes': the
 * DRAM tier's only, decisions as the recorded machine would make them. */
bool _oli_alloc_default_is_dram(void) { return g_default_dram; }

uint64_t _oli_alloc_dram_used(void) {
  return _oli_live_now(&tier_live[OLI_TIER_DRAM], KEY_TIER(OLI_TIER_DRAM)) +
         (g_default_dram ? _oli_live_now(&tier_live[OLI_TIER_DEFAULT], KEY_TIER(OLI_TIER_DEFAULT)) : 0);
}

uint64_t _oli_alloc_dram_limit(void) { return g_plan_limit ? _oli_plan_dram_limit() : g_in.dram_limit; }

/* The decide input for an object of `size` of st, with fp the OLI_FOOTPRINT
 * floor and `pending` the static hints still to come with the object: the
 * option part cached at bring-up, the rest read from fields (the unplaced
 * sample, the settle trigger, the DRAM tier's bytes, st's plan entry and
 * estimate). A call only when one of them is due: a sample (every 10 ms), a
 * settle, st's plan entry not yet resolved for the plan loaded. */
static void gather(oli_decide_in_t *in, oli_site_state_t *st, uint64_t size, uint64_t fp, uint64_t pending) {
  *in = g_in;
  in->site = st->site;
  in->size = size;
  in->footprint = expected(fp, pending, false);
  _oli_settle_due(in->footprint); /* O(1): re-decide the live objects when the footprint grew enough */
  if (!_oli_plan_known(st, &in->plan)) {
    _oli_tls.busy++; /* a plan file is read on first use (malloc inside) */
    in->plan = _oli_plan_for(st);
    _oli_tls.busy--;
  }
  if (g_plan_limit) in->dram_limit = _oli_plan_dram_limit(); /* the plan is loaded by now */
  /* only a budget reads it (and a test's hook): exact then, else this thread's bound */
  in->dram_used = in->dram_limit || g_hook
                      ? _oli_alloc_dram_used()
                      : _oli_live_bound(&tier_live[OLI_TIER_DRAM], KEY_TIER(OLI_TIER_DRAM)) +
                            (g_default_dram ? _oli_live_bound(&tier_live[OLI_TIER_DEFAULT],
                                                                 KEY_TIER(OLI_TIER_DEFAULT))
                                               : 0);
  in->estimate = st->estimate;
}

/* The mechanism of decision d for an arena-sized block of `size` bytes (2 MiB
 * aligned from 2 MiB on). */
static void set_mechanism(oli_decision_t *d, uint64_t size) {
  uint64_t pg = oli_likely(g_page) ? g_page : _oli_page_size(); /* a global may register before bring-up */
  d->mechanism = _oli_place_mechanism(d, (size + pg - 1) / pg, true);
}

/* The static hints still to come with an object of `size` of st: the pending
 * hints, and the object's size when st's own hint is not among them. A field
 * read once st's first object took its hint out (site.c's _oli_site_hints). */
static uint64_t hints_with(const oli_site_state_t *st, uint64_t size) {
  bool own = false;
  uint64_t hints = _oli_site_hints_used(st) ? _oli_site_pending_now() : _oli_site_hints(st, &own);
  return hints + (own ? 0 : size);
}

oli_decision_t _oli_alloc_decide(oli_site_state_t *st, uint64_t size) {
  oli_decide_in_t in;
  gather(&in, st, size, g_footprint, hints_with(st, size));
  oli_decision_t d = _oli_decide_site(st, &in, g_hook, false);
  set_mechanism(&d, size);
  return d;
}

/* ---- memory ------------------------------------------------------------------------ */
/* The object goes to glibc (default policy, no arena block). */
static inline bool to_libc(const oli_decision_t *d) {
  return d->placement == OLI_PLACE_DEFAULT && !g_profiling;
}

void _oli_placed_live(oli_site_state_t *st, const oli_decision_t *d, bool fallback, uint64_t n, int sign) {
  _oli_alloc_account(d, fallback, n, sign);
  _oli_site_live(st, n, sign);
}

/* An object of n bytes with decision d exists when p does (a failed
 * allocation is no object). Returns p. */
static void *counted(oli_site_state_t *st, size_t n, const oli_decision_t *d, void *p) {
  if (p) _oli_site_count_object(st, n, d);
  return p;
}

/* An arena block of n bytes for an object of st placed by d, live; a
 * placement failure inside the arena (default policy there) is a fallback.
 * NULL when the arena gave nothing: full, or the kernel would not commit the
 * block (*fl & OLI_AF_NOMEM, errno set). */
static void *arena_block(oli_site_state_t *st, const oli_decision_t *d, size_t n, size_t align, bool zero,
                         unsigned *fl) {
  *fl = 0;
  void *p = _oli_arena_alloc(n, align, d, st, zero, fl);
  if (!p) return NULL;
  if (*fl & OLI_AF_FALLBACK) _oli_site_fallback(st);
  _oli_placed_live(st, d, *fl & OLI_AF_FALLBACK, n, +1);
  return p;
}

/* A placed block for an object of st by d: the arena's in interposed mode,
 * the host allocator's in host mode (host.c); as arena_block. */
static void *placed_block(oli_site_state_t *st, const oli_decision_t *d, size_t n, size_t align, bool zero,
                          unsigned *fl) {
  if (oli_likely(!_oli_heap_host_now())) return arena_block(st, d, n, align, zero, fl);
  void *p = _oli_hostblock_alloc(st, d, n, align, zero, fl);
  if (p && (*fl & OLI_AF_FALLBACK)) _oli_site_fallback(st);
  return p;
}

/* The arena gave nothing for an object of st placed by d (arena_block's fl,
 * errno err); q is glibc's answer for the same object. glibc out of memory
 * too: NULL, errno ENOMEM, as glibc alone - no placement failure. Else the
 * object is glibc's with the default policy: one warning, and a fallback
 * when d placed anything. */
static void *glibc_instead(oli_site_state_t *st, const oli_decision_t *d, size_t n, unsigned fl, int err, void *q) {
  if (q == NULL) return NULL;
  if (fl & OLI_AF_NOMEM)
    _oli_warning_message(W_MMAP, "the arena could not map %zu bytes (%s); glibc memory with the default policy",
                         n, strerror(err));
  else _oli_warning_message(W_ARENA_FULL, "no arena space for %zu bytes; glibc memory with the default policy", n);
  if (d->placement != OLI_PLACE_DEFAULT) _oli_site_fallback(st);
  return q;
}

/* A new placed object, in one call down the layers (docs/benchmarks-overhead.md,
 * "The path of one placed allocation"): the decide input gathered here from
 * fields, then one call through the site (site.c's _oli_site_block: the
 * decision and its arena block from the policy layer, which asks the memory
 * layer once, booked to the site); the tiers are booked here. Without an
 * arena block (the default placement, host mode, the arena full) the object
 * is glibc's or the host allocator's, booked here. */
static void *placed_alloc(oli_site_state_t *st, size_t n, size_t align, bool zero) {
  oli_decide_in_t in;
  gather(&in, st, n, g_footprint, hints_with(st, n));
  bool host = _oli_heap_host_now();
  unsigned fl = 0;
  oli_decision_t d;
  oli_block_want_t want = oli_unlikely(host) ? OLI_BLOCK_NONE : g_profiling ? OLI_BLOCK_ANY : OLI_BLOCK_PLACED;
  void *p = _oli_site_block(st, &in, g_hook, want, align, zero, &d, &fl);
  if (!p) {
    set_mechanism(&d, n); /* no arena block: set here */
    if (to_libc(&d)) return counted(st, n, &d, _oli_heap_alloc(n, align, zero));
    if (oli_unlikely(host)) p = _oli_hostblock_alloc(st, &d, n, align, zero, &fl);
    if (!p) {
      int e = errno;
      return counted(st, n, &d, glibc_instead(st, &d, n, fl, e, _oli_heap_alloc(n, align, zero)));
    }
    _oli_site_placed(st, n, &d, fl & OLI_AF_FALLBACK, false); /* a host block's live bytes: hostblock.c */
  } else {
    _oli_alloc_account(&d, fl & OLI_AF_FALLBACK, n, +1);
  }
  if (oli_unlikely(g_verbose2)) {
    char why[160];
    _oli_reason_format(&d, g_in.large_percent, why, sizeof why);
    _oli_verbose_message(2, "site 0x%016llx: %zu bytes at %p, %s%s (%s)",
                         (unsigned long long)(st->site ? st->site->id : 0), n, p,
                         (fl & OLI_AF_FALLBACK) ? "placement failed, default policy; wanted " : "", why,
                         (fl & OLI_AF_RECYCLED) ? "recycled block" : oli_mechanism_name(d.mechanism));
  }
  return p;
}

bool _oli_placed_release(void *p) {
  if (OLI_IN_ARENA(p)) {
    _oli_placed_free(p);
    return true;
  }
  if (oli_likely(!_oli_heap_host_now()) || !_oli_hostblock_take(p, NULL)) return false;
  _oli_host.free(p);
  return true;
}

static bool placed_realloc_host(void *p, size_t n, void **out) {
  oli_block_info_t b;
  if (!_oli_heap_host_now() || _oli_hostblock_info(p, &b) != 0) return false;
  if (n == 0) {
    _oli_placed_release(p);
    *out = NULL;
    return true;
  }
  if (n <= b.capacity && _oli_hostblock_resize(p, n) == 0) {
    *out = p;
    return true;
  }
  unsigned fl = 0;
  void *q = to_libc(&b.want) ? NULL : placed_block(b.site, &b.want, n, 0, false, &fl);
  if (!q) {
    int e = errno;
    q = _oli_host.malloc(n);
    if (!q) { /* p untouched, errno ENOMEM */
      *out = NULL;
      return true;
    }
    if (!to_libc(&b.want)) glibc_instead(b.site, &b.want, n, fl, e, q);
  }
  memcpy(q, p, n < b.size ? n : b.size);
  _oli_placed_release(p);
  *out = q;
  return true;
}

void _oli_placed_free(void *p) {
  oli_block_info_t b;
  _oli_arena_free(p, &b);
  _oli_placed_live(b.site, &b.decision, b.fallback, b.size, -1);
}

static void *placed_realloc(void *p, size_t n) {
  oli_block_info_t b;
  if (_oli_arena_info(p, &b) != 0) {
    /* glibc: "realloc(): invalid pointer", as free() says here too */
    _oli_error_message(EINVAL, "realloc(%p): invalid pointer (not the start of a live object of the oli arena)", p);
    abort();
  }
  if (n == 0) {
    _oli_placed_free(p);
    return NULL;
  }
  if (_oli_arena_resize(p, n) == 0) {
    uint64_t old = b.size;
    _oli_arena_info(p, &b); /* its decision now: a settle may have changed it meanwhile */
    b.size = old;
    if (n > b.size) _oli_placed_live(b.site, &b.decision, b.fallback, n - b.size, +1);
    else _oli_placed_live(b.site, &b.decision, b.fallback, b.size - n, -1);
    return p;
  }
  unsigned fl = 0;
  void *q = to_libc(&b.decision) ? NULL : arena_block(b.site, &b.decision, n, 0, false, &fl);
  if (!q) {
    int e = errno;
    q = __libc_malloc(n);
    if (!q) return NULL; /* p untouched, errno ENOMEM */
    if (!to_libc(&b.decision)) glibc_instead(b.site, &b.decision, n, fl, e, q);
  }
  memcpy(q, p, n < b.size ? n : b.size);
  _oli_placed_free(p);
  return q;
}

static void *placed_grow(void *p, size_t n, oli_site_state_t *st) {
  oli_decision_t d = _oli_alloc_decide(st, n);
  if (to_libc(&d)) return counted(st, n, &d, _oli_heap_realloc(p, n));
  unsigned fl;
  void *q = placed_block(st, &d, n, 0, false, &fl);
  if (!q) {
    int e = errno;
    return counted(st, n, &d, glibc_instead(st, &d, n, fl, e, _oli_heap_realloc(p, n)));
  }
  _oli_site_count_object(st, n, &d);
  size_t old = _oli_heap_usable_size(p);
  memcpy(q, p, old < n ? old : n);
  _oli_heap_free(p);
  return q;
}

static void placed_mmap(void *p, size_t len, oli_site_state_t *st) {
  oli_decision_t d = _oli_alloc_decide(st, len);
  uint64_t pg = _oli_page_size(), plen = (len + pg - 1) & ~(pg - 1);
  d.mechanism = _oli_place_mechanism(&d, plen / pg, (uintptr_t)p % OLI_HUGE_BYTES == 0); /* its own pages */
  _oli_site_count_object(st, len, &d);
  char what[64];
  snprintf(what, sizeof what, "an mmap region of %zu bytes", len);
  if (_oli_place_checked(p, plen, &d, 0, what, NULL) != 0) _oli_site_fallback(st);
}

/* The entry points: a placement that fails (mbind refused, a node full, the
 * arena reserved smaller than asked) is no failure of the allocation, which
 * leaves errno as glibc's does on success (reliability.md, "the program's use
 * of the allocator"); a failed allocation sets it as glibc's. */
void *_oli_placed_alloc(oli_site_state_t *st, size_t n, size_t align, bool zero) {
  int e = errno;
  void *p = placed_alloc(st, n, align, zero);
  if (p) errno = e;
  return p;
}

bool _oli_placed_realloc_host(void *p, size_t n, void **out) {
  int e = errno;
  bool mine = placed_realloc_host(p, n, out);
  if (mine && (*out || n == 0)) errno = e;
  return mine;
}

void *_oli_placed_realloc(void *p, size_t n) {
  int e = errno;
  void *q = placed_realloc(p, n);
  if (q || n == 0) errno = e;
  return q;
}

void *_oli_placed_grow(void *p, size_t n, oli_site_state_t *st) {
  int e = errno;
  void *q = placed_grow(p, n, st);
  if (q) errno = e;
  return q;
}

void _oli_placed_mmap(void *p, size_t len, oli_site_state_t *st) {
  int e = errno;
  placed_mmap(p, len, st);
  errno = e;
}
