/* runtime/memory/host.c - the process's allocator: liboli's own, or another one.
 *
 * Which free() the process calls is the dynamic linker's choice, not ours.
 * When liboli is linked into the program or preloaded, its interposed
 * malloc/free come first and the runtime is in "interposed" mode: placed
 * objects come from the arena, every other one from glibc's __libc_*
 * functions. When another allocator comes first - a plugin-built library in
 * a host program not linked with liboli (libc is ahead of liboli in the
 * lookup order there), jemalloc or tcmalloc preloaded or linked, a
 * sanitizer's - the runtime is in "host" mode: every object comes from that
 * allocator, the placed ones as whole pages of its aligned allocation given
 * their policy before the program sees them (hostblock.c). Whichever code
 * frees an object then, with whatever free() it binds to, the allocator that
 * gets it is the one that made it (docs/runtime.md, "The process's
 * allocator").
 *
 * The mode is read once, in liboli's constructor, before any module of the
 * program runs (and again, idempotently, by the first registration or
 * allocation should those come first): the process's allocator cannot
 * change later, since a library loaded afterwards comes after those already
 * in the lookup order. In host mode the inline test the pass puts in front
 * of free() and operator delete (include/oli_abi.h, __oli_arena_lo/len)
 * covers every address, so instrumented code hands every pointer to the
 * __oli_* entry points, which forward what they did not place. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

int _oli_heap_state = OLI_HEAP_UNKNOWN;
oli_host_alloc_t _oli_host;
static char host_name[64] = "liboli";
static bool host_glibc; /* host mode, and its malloc is glibc's own */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static __thread int detecting __attribute__((tls_model("initial-exec")));

/* The inline test's window (include/oli_abi.h): the arena's range in
 * interposed mode (arena.c), every address in host mode or while a profile
 * records the small objects (every free must reach the runtime). */
OLI_EXPORT uintptr_t __oli_arena_lo, __oli_arena_len;
static bool window_all;

void _oli_heap_window(uintptr_t lo, uintptr_t len) {
  if (__atomic_load_n(&_oli_heap_state, __ATOMIC_ACQUIRE) == OLI_HEAP_HOST ||
      __atomic_load_n(&window_all, __ATOMIC_ACQUIRE))
    return; /* every address already */
  __atomic_store_n(&__oli_arena_lo, lo, __ATOMIC_RELAXED);
  __atomic_store_n(&__oli_arena_len, len, __ATOMIC_RELEASE);
}

void _oli_heap_window_all(void) {
  __atomic_store_n(&window_all, true, __ATOMIC_RELEASE);
  __atomic_store_n(&__oli_arena_lo, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&__oli_arena_len, UINTPTR_MAX, __ATOMIC_RELEASE);
}

static void *sym(const char *name) { return dlsym(RTLD_DEFAULT, name); }

/* The file that defines f: "glibc" for libc.so.6, the program's name for
 * the program itself (a sanitizer's allocator), else the library's file name.
 * (Not by comparing with __libc_free: tcmalloc defines that one too.) */
static void name_of(void *f) {
  Dl_info di;
  const char *n = NULL;
  if (dladdr(f, &di) && di.dli_fname && di.dli_fname[0]) {
    n = strrchr(di.dli_fname, '/');
    n = n ? n + 1 : di.dli_fname;
    if (strncmp(n, "libc.so", 7) == 0) n = "glibc";
  }
  if (!n || !n[0]) n = program_invocation_short_name; /* the program's own */
  snprintf(host_name, sizeof host_name, "%s", n);
}

/* The process's free is liboli's own: the dynamic linker bound "free" to the
 * module this file is in (liboli.so, or the program linked with liboli.a).
 * Unknown (dladdr fails): taken as ours, as with no free found at all. */
static bool ours(void *f) {
  Dl_info a, b;
  if (!dladdr(f, &a) || !dladdr((void *)&_oli_heap_detect, &b)) return true;
  return a.dli_fbase == b.dli_fbase;
}

static void detect(void) {
  detecting = 1;
  void *f = sym("free");
  if (f == NULL || ours(f)) {
    __atomic_store_n(&_oli_heap_state, OLI_HEAP_INTERPOSED, __ATOMIC_RELEASE);
    detecting = 0;
    return;
  }
  oli_host_alloc_t h = {
      .malloc = (void *(*)(size_t))sym("malloc"),
      .calloc = (void *(*)(size_t, size_t))sym("calloc"),
      .realloc = (void *(*)(void *, size_t))sym("realloc"),
      .free = (void (*)(void *))f,
      .posix_memalign = (int (*)(void **, size_t, size_t))sym("posix_memalign"),
      .usable_size = (size_t(*)(void *))sym("malloc_usable_size"),
  };
  /* an allocator that does not have them all: glibc's for what it lacks
   * cannot be mixed with it; such a process gets none of ours placed */
  if (!h.malloc || !h.calloc || !h.realloc || !h.posix_memalign) {
    __atomic_store_n(&_oli_heap_state, OLI_HEAP_INTERPOSED, __ATOMIC_RELEASE);
    detecting = 0;
    return;
  }
  _oli_host = h;
  name_of(f);
  host_glibc = h.malloc == sym("__libc_malloc");
  __atomic_store_n(&__oli_arena_lo, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&__oli_arena_len, UINTPTR_MAX, __ATOMIC_RELEASE);
  __atomic_store_n(&_oli_heap_state, OLI_HEAP_HOST, __ATOMIC_RELEASE);
  detecting = 0;
}

int _oli_heap_detect(void) {
#ifdef OLI_SANITIZER_BUILD
  return OLI_HEAP_INTERPOSED; /* internal.h: interposed by construction */
#endif
  if (oli_unlikely(detecting)) return OLI_HEAP_INTERPOSED; /* dlsym allocating, in interposed mode */
  pthread_once(&once, detect);
  return __atomic_load_n(&_oli_heap_state, __ATOMIC_ACQUIRE);
}

/* The mode, read by every host-mode allocation: the state itself once known,
 * the once-guarded detection only before. */
static inline int mode(void) {
  int m = __atomic_load_n(&_oli_heap_state, __ATOMIC_ACQUIRE);
  return oli_likely(m != OLI_HEAP_UNKNOWN) ? m : _oli_heap_detect();
}

bool _oli_heap_is_host(void) { return mode() == OLI_HEAP_HOST; }
const char *_oli_heap_name(void) { return _oli_heap_is_host() ? host_name : "liboli"; }
bool _oli_heap_small_direct(void) { return !_oli_heap_is_host() || host_glibc; }

/* ---- the slow halves of internal.h's _oli_heap_* (state not interposed) ---- */
void *_oli_heap_alloc_host(size_t n, size_t align, bool zero) {
  if (mode() != OLI_HEAP_HOST) return _oli_heap_alloc(n, align, zero);
  if (align > 16) {
    void *p = NULL;
    int e = _oli_host.posix_memalign(&p, align, n);
    if (e) {
      errno = e;
      return NULL;
    }
    return p;
  }
  return zero ? _oli_host.calloc(1, n) : _oli_host.malloc(n);
}

void *_oli_heap_realloc_host(void *p, size_t n) {
  if (mode() != OLI_HEAP_HOST) return __libc_realloc(p, n);
  return _oli_host.realloc(p, n);
}

size_t _oli_heap_usable_size(void *p) {
  static size_t (*libc_usable)(void *);
  if (p == NULL) return 0;
  if (_oli_heap_is_host()) return _oli_host.usable_size ? _oli_host.usable_size(p) : 0;
#ifdef OLI_SANITIZER_BUILD
  libc_usable = __interceptor_malloc_usable_size;
#endif
  if (!libc_usable) libc_usable = (size_t(*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
  return libc_usable ? libc_usable(p) : 0;
}
