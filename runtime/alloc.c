/* runtime/alloc.c - the allocation entry points.
 *
 * __oli_* (include/oli_abi.h): what instrumented code calls instead of the
 * allocator. Objects below OLI_MIN_SIZE go to glibc after two per-thread
 * counter stores (no lock, no atomic read-modify-write); larger ones get a
 * decision (decide.c) and come from the arena (arena.c) with their pages
 * placed before first touch. When placement cannot give memory (arena full,
 * metadata exhausted) the object comes from glibc and the fallback is counted.
 *
 * The exported malloc, calloc, realloc, free, ... interpose glibc's for the
 * whole process: with no site current on the thread they go straight to
 * glibc's __libc_* functions; free/realloc/malloc_usable_size recognise arena
 * memory by one range check, so uninstrumented code can free or realloc a
 * placed object (realloc keeps its placement).
 *
 * __oli_site_enter/leave keep an initial-exec thread-local "current site"
 * (outermost wins) that the interposed functions and inner __oli_* calls use. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "alloc_internal.h"

/* glibc 2.36 exports these. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define OLI_SANITIZER_BUILD 1
#endif
#endif
#ifdef OLI_SANITIZER_BUILD
/* ASan/TSan builds: memory that is not placed comes from the sanitizer's
 * allocator (its interceptors, which the interposed malloc below shadows), not
 * from glibc's, so the sanitizer sees, checks and frees every heap object
 * outside the arena (docs/reliability.md). */
extern void *__interceptor_malloc(size_t);
extern void *__interceptor_calloc(size_t, size_t);
extern void *__interceptor_realloc(void *, size_t);
extern void __interceptor_free(void *);
extern void *__interceptor_memalign(size_t, size_t);
extern size_t __interceptor_malloc_usable_size(void *);
#define __libc_malloc __interceptor_malloc
#define __libc_calloc __interceptor_calloc
#define __libc_realloc __interceptor_realloc
#define __libc_free __interceptor_free
#define __libc_memalign __interceptor_memalign
#endif
/* C++ operator new, for bad_alloc semantics (weak: C programs lack it). */
extern void *_Znwm(size_t) __attribute__((weak));
extern void *_ZnwmSt11align_val_t(size_t, size_t) __attribute__((weak));

__thread oli_tls_t _oli_tls __attribute__((tls_model("initial-exec")));
#define tls _oli_tls

/* 0 until the process is up: every allocation takes the slow path once. */
static uint64_t g_min;
static int g_ready;
static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static uint64_t g_min_size;
/* Small-object fast path (oli_abi.h): a record's small_shift is set once a
 * thread has counted g_bypass_at small objects of it (0: never, with
 * OLI_COUNT_SMALL=1 or a profile being written); g_small_shift =
 * floor(log2(OLI_MIN_SIZE)), so no object the runtime could place bypasses it. */
#define OLI_COUNT_SMALL_FIRST 256
static uint64_t g_bypass_at;
static unsigned g_small_shift;
static uint32_t g_weight[OLI_MAX_TARGETS];
static const char *g_weight_src = "default";
static oli_decide_hook_t g_hook;
/* OLI_PROFILE set: objects >= OLI_MIN_SIZE whose decision is the default
 * policy (OLI_POLICY=off, no placement) still come from the arena, with the
 * default policy, so sampled accesses can be attributed to them. */
static bool g_profiling;

static _Atomic uint64_t tier_live[OLI_TIER_COUNT_], tier_peak[OLI_TIER_COUNT_];
static _Atomic uint64_t dyn_live, dyn_peak; /* placed bytes of sites without a static size */

/* ---- process bring-up ------------------------------------------------------- */
static oli_decide_in_t g_in; /* option/topology part of every decision */

static void bring_up(void) {
  _oli_process_init();
  _oli_decide_defaults(&g_in);
  g_min_size = g_in.min_size;
  g_weight_src = _oli_weights(g_weight);
  g_profiling = _oli_option_str(oli_option_profile) != NULL;
  g_small_shift = g_min_size > 1 ? 63u - (unsigned)__builtin_clzll(g_min_size) : 0;
  g_bypass_at = g_profiling || _oli_option_get(oli_option_count_small) || !g_small_shift ? 0 : OLI_COUNT_SMALL_FIRST;
  __atomic_store_n(&g_min, g_min_size, __ATOMIC_RELAXED);
  __atomic_store_n(&g_ready, 1, __ATOMIC_RELEASE);
}

bool _oli_alloc_ready(void) {
  if (oli_likely(__atomic_load_n(&g_ready, __ATOMIC_ACQUIRE))) return !tls.busy;
  if (tls.busy) return false;
  tls.busy = 1;
  pthread_once(&g_once, bring_up);
  tls.busy = 0;
  return true;
}

void _oli_alloc_set_decide_hook(oli_decide_hook_t hook) { g_hook = hook; }

const char *_oli_alloc_weights(uint32_t w[OLI_MAX_TARGETS]) {
  memcpy(w, g_weight, sizeof g_weight);
  return g_weight_src;
}

/* ---- accounting ------------------------------------------------------------------ */
static void add_peak(_Atomic uint64_t *live, _Atomic uint64_t *peak, uint64_t b, int sign) {
  if (sign < 0) {
    atomic_fetch_sub_explicit(live, b, memory_order_relaxed);
    return;
  }
  uint64_t now = atomic_fetch_add_explicit(live, b, memory_order_relaxed) + b;
  uint64_t p = atomic_load_explicit(peak, memory_order_relaxed);
  while (now > p && !atomic_compare_exchange_weak_explicit(peak, &p, now, memory_order_relaxed,
                                                            memory_order_relaxed)) {
  }
}

/* Bytes of a placed object per target tier, in proportion to the weights
 * (the last target takes the rounding); a fallback, or the default policy,
 * books everything to the default tier. */
void _oli_alloc_account(const oli_decision_t *d, bool fallback, uint64_t bytes, int sign) {
  uint64_t sum = 0, given = 0;
  int last = -1;
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (d->target[i].weight) sum += d->target[i].weight, last = i;
  if (fallback || d->placement == OLI_PLACE_DEFAULT || sum == 0) {
    add_peak(&tier_live[OLI_TIER_DEFAULT], &tier_peak[OLI_TIER_DEFAULT], bytes, sign);
    return;
  }
  for (int i = 0; i <= last; i++) {
    const oli_target_t *t = &d->target[i];
    if (!t->weight) continue;
    uint64_t b = i == last ? bytes - given : (uint64_t)((unsigned __int128)bytes * t->weight / sum);
    given += b;
    add_peak(&tier_live[t->tier], &tier_peak[t->tier], b, sign);
  }
}

void _oli_alloc_tier_bytes(uint64_t live[OLI_TIER_COUNT_], uint64_t peak[OLI_TIER_COUNT_]) {
  for (int i = 0; i < OLI_TIER_COUNT_; i++) {
    if (live) live[i] = atomic_load_explicit(&tier_live[i], memory_order_relaxed);
    if (peak) peak[i] = atomic_load_explicit(&tier_peak[i], memory_order_relaxed);
  }
}

static bool hinted(const oli_site_state_t *st) {
  return st->site && (st->site->flags & OLI_SITE_F_SIZE_KNOWN) && st->site->size_hint;
}

oli_decision_t _oli_alloc_decide(oli_site_state_t *st, uint64_t size) {
  oli_decide_in_t in = g_in;
  in.site = st->site;
  in.size = size;
  /* Expected footprint: static hints of every registered site and global plus
   * the peak of placed bytes of sites without one (this object included). */
  uint64_t dyn = atomic_load_explicit(&dyn_live, memory_order_relaxed) + (hinted(st) ? 0 : size);
  uint64_t pk = atomic_load_explicit(&dyn_peak, memory_order_relaxed);
  in.footprint = _oli_site_static_footprint() + (dyn > pk ? dyn : pk);
  in.dram_used = atomic_load_explicit(&tier_live[OLI_TIER_DRAM], memory_order_relaxed);
  tls.busy++; /* a plan file is read on first use (malloc inside) */
  in.plan = _oli_plan_lookup(st->site);
  tls.busy--;
  oli_decision_t d = g_hook ? g_hook(&in) : _oli_decide(&in);
  /* an arena block of this size (2 MiB aligned from 2 MiB on) */
  d.mechanism = _oli_place_mechanism(&d, (size + _oli_page_size() - 1) / _oli_page_size(), true);
  return d;
}

/* ---- glibc side -------------------------------------------------------------------- */
/* The object goes to glibc (default policy, no arena block). */
static inline bool to_libc(const oli_decision_t *d) {
  return d->placement == OLI_PLACE_DEFAULT && !g_profiling;
}

static void *libc_alloc(size_t n, size_t align, bool zero) {
  if (align > 16) return __libc_memalign(align, n);
  return zero ? __libc_calloc(1, n) : __libc_malloc(n);
}

static void live_add(oli_site_state_t *st, const oli_decision_t *d, bool fallback, uint64_t n, int sign) {
  _oli_alloc_account(d, fallback, n, sign);
  _oli_site_live(st, n, sign);
  if (!hinted(st)) add_peak(&dyn_live, &dyn_peak, n, sign);
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
  live_add(st, d, *fl & OLI_AF_FALLBACK, n, +1);
  return p;
}

/* The arena gave nothing for an object of st placed by d (arena_block's fl,
 * errno err); q is glibc's answer for the same object. glibc out of memory
 * too: NULL, errno ENOMEM, as glibc alone - no placement failure. Else the
 * object is glibc's with the default policy: one warning, and a fallback
 * when d placed anything. */
static void *glibc_instead(oli_site_state_t *st, const oli_decision_t *d, size_t n, unsigned fl, int err,
                           void *q) {
  if (q == NULL) return NULL;
  if (fl & OLI_AF_NOMEM)
    _oli_warning_message(W_MMAP, "the arena could not map %zu bytes (%s); glibc memory with the default policy",
                         n, strerror(err));
  else _oli_warning_message(W_ARENA_FULL, "no arena space for %zu bytes; glibc memory with the default policy", n);
  if (d->placement != OLI_PLACE_DEFAULT) _oli_site_fallback(st);
  return q;
}

/* The slow path of every allocation: size >= OLI_MIN_SIZE, or not initialised. */
static __attribute__((noinline)) void *alloc_slow(size_t n, size_t align, __oli_site_t *site, bool zero) {
  if (!_oli_alloc_ready()) return libc_alloc(n, align, zero);
  oli_site_state_t *st = _oli_site_state(site);
  if (n < g_min_size) {
    _oli_site_count_small(st, n);
    return libc_alloc(n, align, zero);
  }
  oli_decision_t d = _oli_alloc_decide(st, n);
  if (to_libc(&d)) return counted(st, n, &d, libc_alloc(n, align, zero));
  unsigned fl;
  void *p = arena_block(st, &d, n, align, zero, &fl);
  if (!p) {
    int e = errno;
    return counted(st, n, &d, glibc_instead(st, &d, n, fl, e, libc_alloc(n, align, zero)));
  }
  _oli_site_count_object(st, n, &d);
  if (oli_unlikely(_oli_option_get(oli_option_verbose) >= 2)) {
    char why[160];
    _oli_reason_format(&d, g_in.large_percent, why, sizeof why);
    _oli_verbose_message(2, "site 0x%016llx: %zu bytes at %p, %s%s (%s)",
                         (unsigned long long)(st->site ? st->site->id : 0), n, p,
                         (fl & OLI_AF_FALLBACK) ? "placement failed, default policy; wanted " : "", why,
                         (fl & OLI_AF_RECYCLED) ? "recycled block" : oli_mechanism_name(d.mechanism));
  }
  return p;
}

static inline __oli_site_t *effective(__oli_site_t *site) {
  __oli_site_t *cur = tls.cur;
  return cur ? cur : site;
}

/* A small object of site counted in this thread's counters, which are
 * returned; NULL when that cannot be done here (first use, no counters yet on
 * this thread, unregistered site, size >= OLI_MIN_SIZE). */
static inline __attribute__((always_inline)) oli_shard_ctr_t *count_small(__oli_site_t *site, size_t n) {
  oli_shard_ctr_t *c = tls.ctr;
  if (!(n < __atomic_load_n(&g_min, __ATOMIC_RELAXED) && site && c)) return NULL;
  uint64_t slot = __atomic_load_n(&site->slot, __ATOMIC_ACQUIRE);
  if (oli_unlikely(slot == 0)) return NULL;
  oli_shard_ctr_t *sc = c + (slot - 1);
  _oli_site_count_ctr(sc, n);
  return sc;
}

/* A small object whose count reached g_bypass_at: the site's call sites take
 * the fast path from now on. */
static __attribute__((noinline)) void *alloc_bypass(size_t n, size_t align, __oli_site_t *own, bool zero) {
  _oli_site_set_bypass(own, g_small_shift);
  return libc_alloc(n, align, zero);
}

/* Inlined into every entry point: the small path must stay a few loads,
 * compares and counter stores followed by a tail call into glibc, with no
 * call of its own (which would make it save registers). Everything else
 * (first use, no counters yet on this thread, unregistered site, size >=
 * OLI_MIN_SIZE) goes through alloc_slow. own: the record the pass passed
 * (NULL from the interposed functions); it gets the fast path when it is the
 * site counted, i.e. not inside another site's wrapper. */
static inline __attribute__((always_inline)) void *alloc(size_t n, size_t align, __oli_site_t *own, bool zero) {
  __oli_site_t *site = effective(own);
  oli_shard_ctr_t *sc = count_small(site, n);
  if (oli_likely(sc != NULL)) {
    if (oli_unlikely(sc->count == g_bypass_at) && site == own) return alloc_bypass(n, align, own, zero);
    return libc_alloc(n, align, zero);
  }
  return alloc_slow(n, align, site, zero);
}

static void free_placed(void *p) {
  oli_block_info_t b;
  _oli_arena_free(p, &b);
  live_add(b.site, &b.decision, b.fallback, b.size, -1);
}

static size_t usable_libc(void *p) {
  static size_t (*real)(void *);
#ifdef OLI_SANITIZER_BUILD
  real = __interceptor_malloc_usable_size;
#endif
  if (!real) real = (size_t(*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
  return real && p ? real(p) : 0;
}

/* realloc of a placed object: in place, or a new block with the same decision. */
static void *realloc_placed(void *p, size_t n) {
  oli_block_info_t b;
  if (_oli_arena_info(p, &b) != 0) {
    _oli_error_message(EINVAL, "realloc(%p): not the start of a live object in the oli arena", p);
    abort();
  }
  if (n == 0) {
    free_placed(p);
    return NULL;
  }
  if (_oli_arena_resize(p, n) == 0) {
    if (n > b.size) live_add(b.site, &b.decision, b.fallback, n - b.size, +1);
    else live_add(b.site, &b.decision, b.fallback, b.size - n, -1);
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
  free_placed(p);
  return q;
}

/* own: as for alloc(). */
static void *realloc_site(void *p, size_t n, __oli_site_t *own) {
  if (!p) return alloc(n, 0, own, false);
  __oli_site_t *site = effective(own);
  if (_oli_arena_contains(p)) return realloc_placed(p, n);
  if (n == 0) {
    __libc_free(p);
    return NULL;
  }
  oli_shard_ctr_t *sc = count_small(site, n);
  if (sc) {
    if (sc->count == g_bypass_at && site == own) _oli_site_set_bypass(own, g_small_shift);
    return __libc_realloc(p, n);
  }
  if (!_oli_alloc_ready()) return __libc_realloc(p, n);
  oli_site_state_t *st = _oli_site_state(site);
  if (n < g_min_size) {
    _oli_site_count_small(st, n);
    return __libc_realloc(p, n);
  }
  /* A glibc object growing past OLI_MIN_SIZE: placed, it moves into the arena. */
  oli_decision_t d = _oli_alloc_decide(st, n);
  if (to_libc(&d)) return counted(st, n, &d, __libc_realloc(p, n));
  unsigned fl;
  void *q = arena_block(st, &d, n, 0, false, &fl);
  if (!q) {
    int e = errno;
    return counted(st, n, &d, glibc_instead(st, &d, n, fl, e, __libc_realloc(p, n)));
  }
  _oli_site_count_object(st, n, &d);
  size_t old = usable_libc(p);
  memcpy(q, p, old < n ? old : n);
  __libc_free(p);
  return q;
}

/* ---- ABI entry points ----------------------------------------------------------------- */
/* Hot entry points start on a cache line: their speed must not depend on
 * where the linker happens to put them. */
#define OLI_HOT __attribute__((aligned(64)))

OLI_EXPORT OLI_HOT void *__oli_malloc(size_t size, __oli_site_t *site) { return alloc(size, 0, site, false); }

static void *calloc_site(size_t n, size_t size, __oli_site_t *site) {
  size_t b;
  if (__builtin_mul_overflow(n, size, &b)) {
    errno = ENOMEM;
    return NULL;
  }
  return alloc(b, 0, site, true);
}
OLI_EXPORT void *__oli_calloc(size_t n, size_t size, __oli_site_t *site) { return calloc_site(n, size, site); }

OLI_EXPORT void *__oli_realloc(void *p, size_t size, __oli_site_t *site) { return realloc_site(p, size, site); }

OLI_EXPORT void *__oli_reallocarray(void *p, size_t n, size_t size, __oli_site_t *site) {
  size_t b;
  if (__builtin_mul_overflow(n, size, &b)) {
    errno = ENOMEM;
    return NULL;
  }
  return realloc_site(p, b, site);
}

static bool pow2(size_t a) { return a && !(a & (a - 1)); }

/* aligned_alloc as glibc's own: up to 2.37 it is memalign (any alignment,
 * rounded up to a power of two: aligned_alloc(3, n) and aligned_alloc(0, n)
 * give memory), from 2.38 (C17) a zero or non-power-of-two alignment is EINVAL. */
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 38)
#define ALIGNED_ALLOC_C17 1
#else
#define ALIGNED_ALLOC_C17 0
#endif
static void *memalign_site(size_t align, size_t size, __oli_site_t *site);
static void *aligned_alloc_site(size_t align, size_t size, __oli_site_t *site) {
  if (ALIGNED_ALLOC_C17 && !pow2(align)) {
    errno = EINVAL;
    return NULL;
  }
  return memalign_site(align, size, site);
}
OLI_EXPORT void *__oli_aligned_alloc(size_t align, size_t size, __oli_site_t *site) { return aligned_alloc_site(align, size, site); }

static int posix_memalign_site(void **out, size_t align, size_t size, __oli_site_t *site) {
  if (!pow2(align) || align % sizeof(void *)) return EINVAL;
  int e = errno;
  void *p = alloc(size, align, site, false);
  if (!p) {
    errno = e;
    return ENOMEM;
  }
  *out = p;
  return 0;
}
OLI_EXPORT int __oli_posix_memalign(void **out, size_t align, size_t size, __oli_site_t *site) { return posix_memalign_site(out, align, size, site); }

/* memalign's alignment as glibc takes it: rounded up to a power of two;
 * EINVAL above 2^63, ENOMEM beyond 2^62 (no object can be that aligned).
 * 0 and the power of two, or -1 with errno set. Done here for every caller,
 * so a sanitizer's memalign (sanitizer builds) answers as glibc's too. */
static int memalign_pow2(size_t align, size_t *out) {
  if (align > SIZE_MAX / 2 + 1) {
    errno = EINVAL;
    return -1;
  }
  size_t a = 1;
  while (a < align) a <<= 1;
  if (a > (size_t)1 << 62) {
    errno = ENOMEM;
    return -1;
  }
  *out = a;
  return 0;
}

static void *memalign_site(size_t align, size_t size, __oli_site_t *site) {
  size_t a;
  return memalign_pow2(align, &a) == 0 ? alloc(size, a, site, false) : NULL;
}
OLI_EXPORT void *__oli_memalign(size_t align, size_t size, __oli_site_t *site) { return memalign_site(align, size, site); }

static void *valloc_site(size_t size, __oli_site_t *site) {
  return alloc(size, (size_t)_oli_page_size(), site, false);
}
OLI_EXPORT void *__oli_valloc(size_t size, __oli_site_t *site) { return valloc_site(size, site); }

OLI_EXPORT void *__oli_new_nothrow(size_t size, size_t align, __oli_site_t *site) {
  return alloc(size, align > 16 ? align : 0, site, false);
}

OLI_EXPORT void *__oli_new(size_t size, size_t align, __oli_site_t *site) {
  void *p = alloc(size ? size : 1, align > 16 ? align : 0, site, false);
  if (oli_likely(p != NULL)) return p;
  /* The real operator new retries with the new_handler and throws bad_alloc. */
  if (align > 16 && _ZnwmSt11align_val_t) return _ZnwmSt11align_val_t(size, align);
  if (_Znwm) return _Znwm(size);
  _oli_error_message(ENOMEM, "operator new(%zu) failed and no C++ runtime is linked", size);
  abort();
}

OLI_EXPORT void *__oli_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off, __oli_site_t *site) {
  void *p = mmap(addr, len, prot, flags, fd, off);
  if (p == MAP_FAILED || !(flags & MAP_ANONYMOUS) || !(flags & MAP_PRIVATE) || (flags & MAP_FIXED) ||
      !_oli_alloc_ready())
    return p;
  oli_site_state_t *st = _oli_site_state(effective(site));
  if (len < g_min_size) {
    _oli_site_count_small(st, len);
    return p;
  }
  oli_decision_t d = _oli_alloc_decide(st, len);
  uint64_t pg = _oli_page_size(), plen = (len + pg - 1) & ~(pg - 1);
  d.mechanism = _oli_place_mechanism(&d, plen / pg, (uintptr_t)p % OLI_HUGE_BYTES == 0); /* its own pages */
  _oli_site_count_object(st, len, &d);
  char what[64];
  snprintf(what, sizeof what, "an mmap region of %zu bytes", len);
  if (_oli_place_checked(p, plen, &d, 0, what) != 0) _oli_site_fallback(st);
  return p; /* munmap is not seen: mmap regions are counted, not tracked live */
}

OLI_EXPORT __oli_site_t *__oli_site_enter(__oli_site_t *site) {
  __oli_site_t *prev = tls.cur;
  if (!prev) tls.cur = site;
  return prev;
}

OLI_EXPORT void __oli_site_leave(__oli_site_t *prev) { tls.cur = prev; }

OLI_EXPORT void __oli_init(__oli_site_t *start, __oli_site_t *stop) {
  _oli_alloc_ready();
  if (start && stop && start < stop) {
    size_t n = _oli_site_register_module(start, stop);
    _oli_verbose_message(2, "registered %zu site records at %p", n, (void *)start);
  }
}

/* The module destructor (priority 1, so after the module's own destructors):
 * at dlclose, and at exit for every module. Pending PMU samples are
 * attributed while the module's globals are still known; then its globals
 * and records leave (globals.c, site.c). Objects it placed in the arena live
 * on: their states hold copies of the records. */
OLI_EXPORT void __oli_fini(__oli_site_t *start, __oli_site_t *stop) {
  if (!start || !stop || start >= stop || !_oli_is_initialized()) return;
  _oli_pmu_drain();
  _oli_globals_unload(start, stop);
  size_t n = _oli_site_unregister_module(start, stop);
  _oli_verbose_message(2, "unregistered %zu site records at %p", n, (void *)start);
}

OLI_EXPORT void __oli_version_mismatch_check_v1(void) {}

/* ---- the interposed allocator ----------------------------------------------------------- */
/* Sanitizer builds: these run inside the sanitizer's own start-up (dlsym
 * allocates) before its shadow exists, so they carry no instrumentation. */
#if defined(__clang__) && __clang_major__ >= 14
#define OLI_NO_SAN __attribute__((disable_sanitizer_instrumentation))
#else
#define OLI_NO_SAN
#endif
OLI_EXPORT OLI_NO_SAN OLI_HOT void *malloc(size_t n) {
  __oli_site_t *cur = tls.cur;
  if (oli_likely(!cur)) return __libc_malloc(n);
  return alloc(n, 0, NULL, false);
}

OLI_EXPORT OLI_NO_SAN OLI_HOT void free(void *p) {
  if (oli_unlikely(OLI_IN_ARENA(p))) {
    free_placed(p);
    return;
  }
  __libc_free(p);
}

OLI_EXPORT OLI_NO_SAN void *calloc(size_t n, size_t size) {
  __oli_site_t *cur = tls.cur;
  if (oli_likely(!cur)) return __libc_calloc(n, size);
  return calloc_site(n, size, NULL);
}

OLI_EXPORT OLI_NO_SAN void *realloc(void *p, size_t n) {
  if (oli_unlikely(OLI_IN_ARENA(p))) return realloc_placed(p, n);
  __oli_site_t *cur = tls.cur;
  if (oli_likely(!cur)) return __libc_realloc(p, n);
  return realloc_site(p, n, NULL);
}

OLI_EXPORT OLI_NO_SAN void *reallocarray(void *p, size_t n, size_t size) {
  size_t b;
  if (__builtin_mul_overflow(n, size, &b)) {
    errno = ENOMEM;
    return NULL;
  }
  return realloc(p, b);
}

OLI_EXPORT OLI_NO_SAN size_t malloc_usable_size(void *p) {
  if (OLI_IN_ARENA(p)) {
    oli_block_info_t b;
    return _oli_arena_info(p, &b) == 0 ? b.capacity : 0;
  }
  return usable_libc(p);
}

OLI_EXPORT OLI_NO_SAN int posix_memalign(void **out, size_t align, size_t size) {
  __oli_site_t *cur = tls.cur;
  if (!pow2(align) || align % sizeof(void *)) return EINVAL;
  if (cur) return posix_memalign_site(out, align, size, NULL);
  int e = errno;
  void *p = __libc_memalign(align, size);
  if (!p) {
    errno = e;
    return ENOMEM;
  }
  *out = p;
  return 0;
}

OLI_EXPORT OLI_NO_SAN void *aligned_alloc(size_t align, size_t size) {
  __oli_site_t *cur = tls.cur;
  if (cur) return aligned_alloc_site(align, size, NULL);
  if (ALIGNED_ALLOC_C17 && !pow2(align)) {
    errno = EINVAL;
    return NULL;
  }
  size_t a; /* glibc's aligned_alloc up to 2.37 is its memalign */
  return memalign_pow2(align, &a) == 0 ? __libc_memalign(a, size) : NULL;
}

OLI_EXPORT OLI_NO_SAN void *memalign(size_t align, size_t size) {
  __oli_site_t *cur = tls.cur;
  if (cur) return memalign_site(align, size, NULL);
  size_t a;
  return memalign_pow2(align, &a) == 0 ? __libc_memalign(a, size) : NULL;
}

OLI_EXPORT OLI_NO_SAN void *valloc(size_t size) {
  __oli_site_t *cur = tls.cur;
  if (cur) return valloc_site(size, NULL);
  return __libc_memalign((size_t)_oli_page_size(), size);
}

OLI_EXPORT OLI_NO_SAN void *pvalloc(size_t size) {
  size_t pg = (size_t)_oli_page_size(), r;
  if (__builtin_add_overflow(size, pg - 1, &r)) {
    errno = ENOMEM;
    return NULL;
  }
  return valloc(r & ~(pg - 1));
}
