/* runtime/alloc.c - the allocation entry points and the interposed allocator.
 *
 * __oli_* (include/oli_abi.h): what instrumented code calls instead of the
 * allocator. Objects below OLI_MIN_SIZE go to glibc after three per-thread
 * counter stores (no lock, no atomic read-modify-write) and, once a site has
 * been counted enough, skip the runtime altogether (the record's small_shift);
 * larger ones are placed.c's: a decision, an arena block with its pages
 * placed before first touch, or glibc memory counted as a fallback.
 *
 * The exported malloc, calloc, realloc, free, ... interpose glibc's for the
 * whole process: with no site current on the thread they go straight to
 * glibc's __libc_* functions; free/realloc/malloc_usable_size recognise arena
 * memory by one range check, so uninstrumented code can free or realloc a
 * placed object (realloc keeps its placement).
 *
 * __oli_site_enter/leave keep an initial-exec thread-local "current site"
 * (outermost wins) that the interposed functions and inner __oli_* calls use.
 * A bracket of another file's function that may be a wrapper (record flag
 * EXTERN) is weaker: it takes only allocations of records flagged RETURNED
 * (what a wrapper returns), and an inner bracket that is not RETURNED takes
 * its place (its callee was no wrapper, and that inner call's site is the
 * object's). A record flagged MEMBER (an object the wrapper stores into the
 * one it returns: a struct's arrays) keeps its own site inside any bracket. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"

/* C++ operator new, for bad_alloc semantics (weak: C programs lack it). */
extern void *_Znwm(size_t) __attribute__((weak));
extern void *_ZnwmSt11align_val_t(size_t, size_t) __attribute__((weak));
extern void *_ZnwmRKSt9nothrow_t(size_t, const void *) __attribute__((weak));
extern void *_ZnwmSt11align_val_tRKSt9nothrow_t(size_t, size_t, const void *) __attribute__((weak));
extern const char _ZSt7nothrow __attribute__((weak)); /* std::nothrow */

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
/* Objects of code not built with the plugin from this size on get a
 * call-stack site (stacksite.c): OLI_MIN_SIZE while stack sites are on
 * (liboli preloaded into a process with no site records), else never. */
static uint64_t g_stack_min = UINT64_MAX;
/* A profile is taken: the tagged objects below OLI_MIN_SIZE are recorded
 * with their sites (objects/smallmap.c), so g_min is 0 (every allocation
 * takes alloc_slow, which records them) and every free leaves the table. */
static bool g_track;

/* ---- process bring-up ------------------------------------------------------- */
static void bring_up(void) {
  _oli_heap_detect();
  _oli_process_init();
  _oli_placed_init();
  g_min_size = (uint64_t)_oli_option_get(oli_option_min_size);
  bool profiling = _oli_option_str(oli_option_profile) != NULL;
  g_small_shift = g_min_size > 1 ? 63u - (unsigned)__builtin_clzll(g_min_size) : 0;
  /* the fast path calls glibc's allocator: not under another one (host.c) */
  g_bypass_at = profiling || _oli_option_get(oli_option_count_small) || !g_small_shift || !_oli_heap_small_direct()
                    ? 0
                    : OLI_COUNT_SMALL_FIRST;
  if (_oli_heap_is_host())
    _oli_verbose_message(1, "the process's allocator is %s, not liboli's: placed objects are its aligned blocks "
                            "(host mode)", _oli_heap_name());
  if (profiling && g_min_size > 0 && _oli_smallmap_start() == 0) {
    _oli_heap_window_all(); /* the pass's inline free test hands every pointer over */
    __atomic_store_n(&g_track, true, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&g_min, g_track ? 0 : g_min_size, __ATOMIC_RELAXED);
  if (_oli_stack_sites_on()) __atomic_store_n(&g_stack_min, g_min_size ? g_min_size : 1, __ATOMIC_RELAXED);
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

/* ---- the small path ---------------------------------------------------------------- */
/* The slow path of every allocation: size >= OLI_MIN_SIZE (placed.c), or not
 * initialised, or a small object counted the slow way. */
static __attribute__((noinline)) void *alloc_slow(size_t n, size_t align, __oli_site_t *site, bool zero) {
  if (!_oli_alloc_ready()) return _oli_heap_alloc(n, align, zero);
  oli_site_state_t *st = _oli_site_fast(site); /* a registered record names its state: no call */
  if (oli_unlikely(st == NULL)) st = _oli_site_state(site);
  if (n < g_min_size) {
    _oli_site_count_small(st, n);
    void *p = _oli_heap_alloc(n, align, zero);
    if (g_track) _oli_smallmap_add(p, n, st);
    return p;
  }
  return _oli_placed_alloc(st, n, align, zero);
}

/* p goes back to the process allocator: out of the small objects' table
 * while a profile is taken (one load otherwise). */
static inline __attribute__((always_inline)) void untrack(void *p) {
  if (oli_unlikely(__atomic_load_n(&g_track, __ATOMIC_RELAXED)) && p) _oli_smallmap_remove(p);
}

/* realloc of an object of the process allocator while a profile is taken:
 * its entry follows it, under st (a tagged realloc), else under the site it had. */
static __attribute__((noinline)) void *realloc_tracked(void *p, size_t n, oli_site_state_t *st) {
  oli_site_state_t *was = _oli_smallmap_remove(p);
  void *q = _oli_heap_realloc(p, n);
  if (q) _oli_smallmap_add(q, n, st ? st : was);
  return q;
}

/* The call-stack site of an object of code not built with the plugin (no
 * site current) of n >= g_stack_min bytes (kind, ra: the allocator call's
 * return address, fp: the caller's rbp then); NULL when it is not placed
 * (not up yet, inside the runtime, below OLI_MIN_SIZE, stack sites off). */
static inline __attribute__((always_inline)) oli_site_state_t *stack_state(size_t n, uint8_t kind, const void *ra,
                                                                           const void *fp) {
  if (!_oli_alloc_ready() || n < g_min_size || !_oli_stack_sites_on()) return NULL;
  tls.busy++; /* the walk may allocate */
  oli_site_state_t *st = _oli_stack_site(ra, fp, kind);
  tls.busy--;
  return st;
}

/* The rbp this function's caller had when it called: this function keeps a
 * frame pointer (__builtin_frame_address makes it), so the caller's rbp is
 * saved at it. The entry points reach alloc_stack and realloc_stack by tail
 * calls or with rbp untouched; stacksite.c checks that against the unwinder
 * before it uses the value. */
#define CALLER_FP() (*(void *const *)__builtin_frame_address(0))

static inline __attribute__((always_inline)) void *alloc_stack_at(size_t n, size_t align, bool zero, uint8_t kind,
                                                                  const void *ra, const void *fp) {
  oli_site_state_t *st = stack_state(n, kind, ra, fp);
  return st ? _oli_placed_alloc(st, n, align, zero) : _oli_heap_alloc(n, align, zero);
}

/* Such an object: placed as its site's, else the allocator's. */
static __attribute__((noinline)) void *alloc_stack(size_t n, size_t align, bool zero, uint8_t kind, const void *ra) {
  return alloc_stack_at(n, align, zero, kind, ra, CALLER_FP());
}
#define STACK_SITE(n) oli_unlikely((uint64_t)(n) >= __atomic_load_n(&g_stack_min, __ATOMIC_RELAXED))

static inline __oli_site_t *effective(__oli_site_t *site) {
  __oli_site_t *cur = tls.cur;
  if (oli_likely(!cur)) return site;
  if (oli_unlikely(cur->flags & OLI_SITE_F_EXTERN) && !(site && (site->flags & OLI_SITE_F_RETURNED))) return site;
  if (site && (site->flags & OLI_SITE_F_MEMBER)) return site; /* a member of the wrapper's object: its own */
  return cur;
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
  return _oli_heap_alloc(n, align, zero);
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
    return _oli_heap_alloc(n, align, zero);
  }
  return alloc_slow(n, align, site, zero);
}

/* own: as for alloc(). */
static void *realloc_site(void *p, size_t n, __oli_site_t *own) {
  if (!p) return alloc(n, 0, own, false);
  __oli_site_t *site = effective(own);
  if (_oli_arena_contains(p)) return _oli_placed_realloc(p, n);
  void *q;
  if (oli_unlikely(_oli_heap_host_now()) && _oli_placed_realloc_host(p, n, &q)) return q;
  if (n == 0) {
    untrack(p);
    _oli_heap_free(p);
    return NULL;
  }
  oli_shard_ctr_t *sc = count_small(site, n);
  if (sc) {
    if (sc->count == g_bypass_at && site == own) _oli_site_set_bypass(own, g_small_shift);
    return _oli_heap_realloc(p, n);
  }
  if (!_oli_alloc_ready()) return _oli_heap_realloc(p, n);
  oli_site_state_t *st = _oli_site_state(site);
  if (n < g_min_size) {
    _oli_site_count_small(st, n);
    return g_track ? realloc_tracked(p, n, st) : _oli_heap_realloc(p, n);
  }
  untrack(p);
  return _oli_placed_grow(p, n, st); /* a glibc object growing past OLI_MIN_SIZE */
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
  void *p = alloc(size, align, site, false);
  if (!p) {
    errno = ENOMEM; /* as glibc's posix_memalign leaves it */
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

/* pvalloc: valloc of the size rounded up to whole pages, like glibc's (ENOMEM
 * when that overflows); valloc is the site's or the current site's, as called. */
static void *pvalloc_via(size_t size, __oli_site_t *site, void *(*valloc_of)(size_t, __oli_site_t *)) {
  size_t pg = (size_t)_oli_page_size(), r;
  if (__builtin_add_overflow(size, pg - 1, &r)) {
    errno = ENOMEM;
    return NULL;
  }
  return valloc_of(r & ~(pg - 1), site);
}
OLI_EXPORT void *__oli_pvalloc(size_t size, __oli_site_t *site) { return pvalloc_via(size, site, valloc_site); }

OLI_EXPORT void *__oli_new_nothrow(size_t size, size_t align, __oli_site_t *site) {
  void *p = alloc(size, align > 16 ? align : 0, site, false);
  if (oli_likely(p != NULL) || !&_ZSt7nothrow) return p;
  /* The real nothrow operator new retries with the new_handler (which may
   * free a reserve) and returns NULL when there is none or it throws. */
  if (align > 16)
    return _ZnwmSt11align_val_tRKSt9nothrow_t ? _ZnwmSt11align_val_tRKSt9nothrow_t(size, align, &_ZSt7nothrow)
                                              : NULL;
  return _ZnwmRKSt9nothrow_t ? _ZnwmRKSt9nothrow_t(size, &_ZSt7nothrow) : NULL;
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
  void *p = _oli_os_mmap(addr, len, prot, flags, fd, off);
  if (p == MAP_FAILED || !(flags & MAP_ANONYMOUS) || !(flags & MAP_PRIVATE) || (flags & MAP_FIXED) ||
      !_oli_alloc_ready())
    return p;
  oli_site_state_t *st = _oli_site_state(effective(site));
  if (len < g_min_size) {
    _oli_site_count_small(st, len);
    return p;
  }
  _oli_placed_mmap(p, len, st);
  return p; /* munmap is not seen: mmap regions are counted, not tracked live */
}

OLI_EXPORT __oli_site_t *__oli_site_enter(__oli_site_t *site) {
  __oli_site_t *prev = tls.cur;
  if (!prev || (site->flags & OLI_SITE_F_MEMBER) || ((prev->flags & OLI_SITE_F_EXTERN) && !(site->flags & OLI_SITE_F_RETURNED)))
    tls.cur = site;
  return prev;
}

OLI_EXPORT void __oli_site_leave(__oli_site_t *prev) { tls.cur = prev; }

OLI_EXPORT void __oli_init(__oli_site_t *start, __oli_site_t *stop) {
  _oli_alloc_ready();
  if (start && stop && start < stop) {
    _oli_stack_sites_plugin_module(); /* its sites are the plugin's: no call-stack sites from now on */
    __atomic_store_n(&g_stack_min, UINT64_MAX, __ATOMIC_RELAXED);
    size_t fresh, n = _oli_site_register_module(start, stop, &fresh);
    /* every translation unit's constructor passes its module's whole
     * section: said once, by the first */
    if (fresh) _oli_verbose_message(2, "registered %zu site records at %p", n, (void *)start);
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
  size_t gone, n = _oli_site_unregister_module(start, stop, &gone);
  _oli_summary_forget(start);
  if (gone) _oli_verbose_message(2, "unregistered %zu site records at %p", n, (void *)start);
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
  if (oli_likely(!cur)) {
    if (STACK_SITE(n)) return alloc_stack(n, 0, false, OLI_KIND_MALLOC, __builtin_return_address(0));
    return __libc_malloc(n);
  }
  return alloc(n, 0, NULL, false);
}

/* free of any pointer: an arena block, else the process allocator's (in
 * host mode maybe a host block). Called by name from inside liboli this is
 * the function the process resolves, so the entry points call this. */
static inline __attribute__((always_inline)) void free_any(void *p) {
  if (oli_unlikely(OLI_IN_ARENA(p))) {
    _oli_placed_free(p);
    return;
  }
  untrack(p);
  _oli_heap_free(p);
}

static inline size_t usable_any(void *p) {
  if (OLI_IN_ARENA(p)) {
    oli_block_info_t b;
    return _oli_arena_info(p, &b) == 0 ? b.capacity : 0;
  }
  return _oli_heap_usable_size(p);
}

OLI_EXPORT OLI_NO_SAN OLI_HOT void free(void *p) { free_any(p); }

OLI_EXPORT OLI_NO_SAN void *calloc(size_t n, size_t size) {
  __oli_site_t *cur = tls.cur;
  size_t b;
  if (oli_likely(!cur)) {
    if (!__builtin_mul_overflow(n, size, &b) && STACK_SITE(b))
      return alloc_stack(b, 0, true, OLI_KIND_CALLOC, __builtin_return_address(0));
    return __libc_calloc(n, size);
  }
  return calloc_site(n, size, NULL);
}

/* realloc of code not built with the plugin past g_stack_min: a new object
 * (p NULL) or a glibc block growing into a placed one, of its stack's site. */
static __attribute__((noinline)) void *realloc_stack(void *p, size_t n, const void *ra) {
  if (!p) return alloc_stack_at(n, 0, false, OLI_KIND_REALLOC, ra, CALLER_FP());
  oli_site_state_t *st = stack_state(n, OLI_KIND_REALLOC, ra, CALLER_FP());
  return st ? _oli_placed_grow(p, n, st) : __libc_realloc(p, n);
}

OLI_EXPORT OLI_NO_SAN void *realloc(void *p, size_t n) {
  if (oli_unlikely(OLI_IN_ARENA(p))) return _oli_placed_realloc(p, n);
  __oli_site_t *cur = tls.cur;
  if (oli_likely(!cur)) {
    if (STACK_SITE(n)) return realloc_stack(p, n, __builtin_return_address(0));
    if (oli_unlikely(__atomic_load_n(&g_track, __ATOMIC_RELAXED)) && p) return realloc_tracked(p, n, NULL);
    return __libc_realloc(p, n);
  }
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

OLI_EXPORT OLI_NO_SAN size_t malloc_usable_size(void *p) { return usable_any(p); }

OLI_EXPORT OLI_NO_SAN int posix_memalign(void **out, size_t align, size_t size) {
  __oli_site_t *cur = tls.cur;
  if (!pow2(align) || align % sizeof(void *)) return EINVAL;
  if (cur) return posix_memalign_site(out, align, size, NULL);
  void *p = STACK_SITE(size) ? alloc_stack(size, align, false, OLI_KIND_POSIX_MEMALIGN, __builtin_return_address(0))
                             : __libc_memalign(align, size);
  if (!p) {
    errno = ENOMEM; /* as glibc's posix_memalign leaves it */
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
  if (memalign_pow2(align, &a) != 0) return NULL;
  if (STACK_SITE(size)) return alloc_stack(size, a, false, OLI_KIND_ALIGNED_ALLOC, __builtin_return_address(0));
  return __libc_memalign(a, size);
}

OLI_EXPORT OLI_NO_SAN void *memalign(size_t align, size_t size) {
  __oli_site_t *cur = tls.cur;
  if (cur) return memalign_site(align, size, NULL);
  size_t a;
  if (memalign_pow2(align, &a) != 0) return NULL;
  if (STACK_SITE(size)) return alloc_stack(size, a, false, OLI_KIND_MEMALIGN, __builtin_return_address(0));
  return __libc_memalign(a, size);
}

OLI_EXPORT OLI_NO_SAN void *valloc(size_t size) {
  __oli_site_t *cur = tls.cur;
  if (cur) return valloc_site(size, NULL);
  if (STACK_SITE(size))
    return alloc_stack(size, (size_t)_oli_page_size(), false, OLI_KIND_VALLOC, __builtin_return_address(0));
  return __libc_memalign((size_t)_oli_page_size(), size);
}

static void *interposed_valloc(size_t size, __oli_site_t *site) { return valloc(size); }

OLI_EXPORT OLI_NO_SAN void *pvalloc(size_t size) { return pvalloc_via(size, NULL, interposed_valloc); }

/* ---- what instrumented code calls instead of free, delete, ... (OLI_RELEASE rows) ---- */
/* free() and malloc_usable_size() as the interposed ones, also where liboli's
 * are not the process's (a host program not linked with liboli). */
OLI_EXPORT OLI_HOT void __oli_free(void *p) { free_any(p); }
OLI_EXPORT size_t __oli_malloc_usable_size(void *p) { return usable_any(p); }

/* operator delete of a pointer the runtime did not place: the form the
 * process resolves (the C++ runtime's, or the program's replacement), found
 * once; the process's free() if there is none. */
static void *real_delete(const char *name, void **cache) {
  void *f = dlsym(RTLD_DEFAULT, name);
  if (!f) f = dlsym(RTLD_NEXT, name);
  if (f) __atomic_store_n(cache, f, __ATOMIC_RELAXED);
  return f;
}
#define OLI_DELETE(Name, Entry, Params, Type, Args)                                                       \
  OLI_EXPORT void Entry Params {                                                                          \
    static void *real;                                                                                    \
    if (_oli_placed_release(p)) return;                                                                   \
    untrack(p);                                                                                           \
    void *f = __atomic_load_n(&real, __ATOMIC_RELAXED);                                                   \
    if (!f && !(f = real_delete(Name, &real))) _oli_heap_free(p);                                         \
    else ((void(*) Type)f) Args;                                                                          \
  }
#define OLI_RELEASE_FREE(Name, Entry)
#define OLI_RELEASE_USABLE(Name, Entry)
#define OLI_RELEASE_P(Name, Entry) OLI_DELETE(Name, Entry, (void *p), (void *), (p))
#define OLI_RELEASE_S(Name, Entry) OLI_DELETE(Name, Entry, (void *p, size_t n), (void *, size_t), (p, n))
#define OLI_RELEASE_A(Name, Entry) OLI_DELETE(Name, Entry, (void *p, size_t al), (void *, size_t), (p, al))
#define OLI_RELEASE_SA(Name, Entry)                                                                       \
  OLI_DELETE(Name, Entry, (void *p, size_t n, size_t al), (void *, size_t, size_t), (p, n, al))
#define OLI_RELEASE_N(Name, Entry)                                                                        \
  OLI_DELETE(Name, Entry, (void *p, const void *nt), (void *, const void *), (p, nt))
#define OLI_RELEASE_AN(Name, Entry)                                                                       \
  OLI_DELETE(Name, Entry, (void *p, size_t al, const void *nt), (void *, size_t, const void *), (p, al, nt))
#define OLI_RELEASE(Name, Entry, Shape) OLI_RELEASE_##Shape(Name, Entry)
#include "oli_vocab.def"
