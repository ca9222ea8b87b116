/* benchmarks/overhead/interposer.c - stand-ins for liboli's interposed malloc
 * and free, for ab.py --floor: preloaded into the plain ab-loop, they show what
 * each part of the interposed path costs code not built with the plugin
 * (docs/benchmarks-overhead.md, "Untagged malloc/free"). Built with
 * -fPIC -shared -fno-plt and one of:
 *   (nothing)        malloc and free are tail jumps to glibc's __libc_*
 *   -DTEST_TLS       malloc first tests an initial-exec thread-local (liboli's
 *                    current site) and a size threshold (its call-stack sites)
 *   -DTEST_RANGE     free first tests the pointer against a range (the arena)
 *   -DTEST_HEAP      free also tests a mode word (liboli's host mode)
 *   -DWARM_UNWINDER  a constructor calls backtrace(), which loads libgcc_s
 *                    through these functions into glibc's heap before main,
 *                    as liboli's start does when preloaded (zero-rebuild mode)
 * The tests never pass here: their slow paths only forward to glibc. */
#include <stddef.h>
#include <stdint.h>
#ifdef WARM_UNWINDER
#include <execinfo.h>
__attribute__((constructor)) static void interposer_warm_up(void) {
  void *buf[2];
  backtrace(buf, 2);
}
#endif

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

__attribute__((noinline)) void *interposer_slow_malloc(size_t n) { return __libc_malloc(n); }
__attribute__((noinline)) void interposer_slow_free(void *p) { __libc_free(p); }

#ifdef TEST_TLS
__thread void *interposer_cur __attribute__((tls_model("initial-exec")));
__attribute__((visibility("hidden"))) uint64_t interposer_min = UINT64_MAX;
#endif
#if defined(TEST_RANGE) || defined(TEST_HEAP)
__attribute__((visibility("hidden"))) uintptr_t interposer_lo = (uintptr_t)1 << 46, interposer_len = (uintptr_t)1 << 40;
__attribute__((visibility("hidden"))) int interposer_mode = 1;
#endif

void *malloc(size_t n) {
#ifdef TEST_TLS
  if (__builtin_expect(interposer_cur != NULL, 0)) return interposer_slow_malloc(n);
  if (__builtin_expect(n >= interposer_min, 0)) return interposer_slow_malloc(n);
#endif
  return __libc_malloc(n);
}

void free(void *p) {
#if defined(TEST_RANGE) || defined(TEST_HEAP)
  if (__builtin_expect((uintptr_t)p - __atomic_load_n(&interposer_lo, __ATOMIC_RELAXED) <
                           __atomic_load_n(&interposer_len, __ATOMIC_ACQUIRE), 0)) {
    interposer_slow_free(p);
    return;
  }
#endif
#ifdef TEST_HEAP
  if (__builtin_expect(__atomic_load_n(&interposer_mode, __ATOMIC_RELAXED) != 1, 0)) {
    interposer_slow_free(p);
    return;
  }
#endif
  __libc_free(p);
}
