/* test-alloc.c - the allocation entry points: placed objects freed and
 * realloc'ed by uninstrumented code, calloc zeroing (fresh and recycled),
 * aligned allocations of every alignment and their errors, site enter/leave.
 * Runs on any machine: placement here may be local DRAM only. */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024 * 1024)

/* Uninstrumented code: a separate, non-inlined function using plain libc. */
__attribute__((noinline)) static void *plain_realloc(void *p, size_t n) { return realloc(p, n); }
__attribute__((noinline)) static void plain_free(void *p) { free(p); }
/* Escapes through a volatile so the compiler cannot drop malloc/free pairs. */
static void *volatile sink;
__attribute__((noinline)) static void *plain_malloc(size_t n) {
  void *p = malloc(n);
  sink = p;
  return p;
}

static int all_bytes(const unsigned char *p, size_t n, unsigned char v) {
  for (size_t i = 0; i < n; i++)
    if (p[i] != v) return 0;
  return 1;
}

static int placed(const void *p) { return _oli_arena_contains(p); }

int main(void) {
  __oli_site_t *sites = NULL;
  __oli_site_t *big = test_site(0x1001, OLI_KIND_MALLOC, 0, "big");
  __oli_site_t *small = test_site(0x1002, OLI_KIND_MALLOC, 0, "small");
  __oli_site_t *cz = test_site(0x1003, OLI_KIND_CALLOC, 0, "zeroed");
  (void)sites;
  __oli_init(big, (__oli_site_t *)((char *)big + big->size));

  /* Plain malloc with no site: glibc, never the arena. */
  void *g = plain_malloc(4 * MiB);
  CHECK("plain malloc is glibc's", g && !placed(g));
  free(g);

  /* Large object from a site: placed (unless the policy says default). */
  unsigned char *p = __oli_malloc(8 * MiB, big);
  oli_site_state_t *st = _oli_site_fast(big);
  CHECK("site registered on first use", st != NULL);
  int want_placed = st && st->last.placement != OLI_PLACE_DEFAULT;
  CHECK("large object placed iff decided", p && placed(p) == want_placed);
  if (want_placed) CHECK("placed object is page aligned", ((uintptr_t)p & 4095) == 0);
  memset(p, 0x5a, 8 * MiB);
  CHECK_EQ("malloc_usable_size >= size", malloc_usable_size(p) >= 8 * MiB, 1);

  /* realloc from uninstrumented code keeps placement and bytes. */
  oli_block_info_t before, after;
  int had = _oli_arena_info(p, &before) == 0;
  unsigned char *q = plain_realloc(p, 24 * MiB);
  CHECK("realloc grows", q != NULL);
  CHECK("realloc keeps the bytes", all_bytes(q, 8 * MiB, 0x5a));
  if (had) {
    CHECK("realloc keeps placement (still in the arena)", placed(q));
    CHECK("realloc keeps the decision", _oli_arena_info(q, &after) == 0 &&
                                            after.decision.placement == before.decision.placement &&
                                            after.decision.target[0].node == before.decision.target[0].node);
  }
  q = plain_realloc(q, 20 * MiB); /* shrink within the block: in place */
  CHECK("realloc shrink keeps bytes", q && all_bytes(q, 8 * MiB, 0x5a));
  q = plain_realloc(q, 1000); /* far smaller: moves, keeps placement */
  CHECK("realloc to small keeps bytes", q && all_bytes(q, 1000, 0x5a));
  plain_free(q);
  CHECK_EQ("live bytes back to 0 after free", _oli_site_live_now(st), 0);
  CHECK("peak live seen", _oli_site_peak_live(st) >= 24 * MiB || !want_placed);

  /* A glibc object realloc'ed by a tagged site past OLI_MIN_SIZE moves into the arena. */
  __oli_site_t *grow = test_site(0x1005, OLI_KIND_REALLOC, 0, "grow");
  unsigned char *gsm = __oli_realloc(NULL, 1000, grow);
  memset(gsm, 0x3c, 1000);
  gsm = __oli_realloc(gsm, 2000, grow); /* small: glibc realloc, counted */
  unsigned char *gbig = __oli_realloc(gsm, 5 * MiB, grow);
  CHECK("grown object keeps its bytes", gbig && all_bytes(gbig, 1000, 0x3c));
  CHECK("grown object placed iff decided",
        gbig && _oli_arena_contains(gbig) == (_oli_site_state(grow)->last.placement != OLI_PLACE_DEFAULT));
  uint64_t gc, gb;
  _oli_site_totals(_oli_site_state(grow), &gc, &gb, NULL);
  CHECK_EQ("realloc site counted every call", gc, 3);
  free(gbig);

  /* realloc(NULL) and realloc(p, 0). */
  void *r = __oli_realloc(NULL, 2 * MiB, big);
  CHECK("realloc(NULL) allocates", r != NULL);
  CHECK("realloc(p, 0) frees", __oli_realloc(r, 0, big) == NULL);

  /* calloc: fresh and recycled blocks read as zero. */
  for (int round = 0; round < 3; round++) {
    unsigned char *c = __oli_calloc(3, 2 * MiB, cz);
    CHECK("calloc returns memory", c != NULL);
    if (!c) break;
    CHECK("calloc zeroed (fresh or recycled)", all_bytes(c, 6 * MiB, 0));
    memset(c, 0xff, 6 * MiB);
    free(c);
  }
  oli_arena_stats_t as;
  _oli_arena_stats(&as);
  if (want_placed) CHECK("freed blocks were recycled", as.recycled >= 2);
  CHECK("calloc overflow is ENOMEM", __oli_calloc(SIZE_MAX / 2, 4, cz) == NULL && errno == ENOMEM);

  /* Small objects from a site go to glibc and are counted. */
  for (int i = 0; i < 100; i++) free(__oli_malloc(64, small));
  uint64_t cnt, bytes;
  _oli_site_totals(_oli_site_state(small), &cnt, &bytes, NULL);
  CHECK_EQ("small count", cnt, 100);
  CHECK_EQ("small bytes", bytes, 6400);

  /* Aligned allocations: every power of two up to 4 MiB, small and large. */
  for (size_t a = 1; a <= 4 * MiB; a <<= 1) {
    size_t sizes[2] = {100, 3 * MiB};
    for (int k = 0; k < 2; k++) {
      void *x = __oli_aligned_alloc(a, sizes[k], big);
      CHECK("aligned_alloc aligned", x && ((uintptr_t)x % a) == 0);
      if (x) memset(x, 1, sizes[k]);
      free(x);
      void *y = NULL;
      if (a >= sizeof(void *)) {
        CHECK("posix_memalign ok", __oli_posix_memalign(&y, a, sizes[k], big) == 0 && ((uintptr_t)y % a) == 0);
        free(y);
        y = NULL;
        CHECK("plain posix_memalign ok", posix_memalign(&y, a, sizes[k]) == 0 && ((uintptr_t)y % a) == 0);
        free(y);
      }
      void *m = __oli_memalign(a, sizes[k], big);
      CHECK("memalign aligned", m && ((uintptr_t)m % a) == 0);
      free(m);
    }
  }
  void *v = __oli_valloc(5 * MiB, big);
  CHECK("valloc page aligned", v && ((uintptr_t)v & 4095) == 0);
  free(v);
  v = pvalloc(10);
  CHECK("pvalloc page aligned", v && ((uintptr_t)v & 4095) == 0);
  free(v);
  v = __oli_pvalloc(10, big);
  CHECK("__oli_pvalloc page aligned, a whole page", v && ((uintptr_t)v & 4095) == 0 && malloc_usable_size(v) >= 4096);
  free(v);
  v = __oli_pvalloc(5 * MiB + 1, big); /* placed-size: the rounded size, page aligned */
  CHECK("__oli_pvalloc placed size rounded up", v && ((uintptr_t)v & 4095) == 0 &&
                                                    malloc_usable_size(v) >= 5 * MiB + 4096);
  free(v);
  errno = 0;
  CHECK("__oli_pvalloc overflow: NULL, ENOMEM", __oli_pvalloc(SIZE_MAX - 10, big) == NULL && errno == ENOMEM);
  void *y = (void *)1;
  CHECK_EQ("posix_memalign align 0 -> EINVAL", __oli_posix_memalign(&y, 0, 10, big), EINVAL);
  CHECK_EQ("posix_memalign align 24 -> EINVAL", __oli_posix_memalign(&y, 24, 10, big), EINVAL);
  CHECK_EQ("posix_memalign align 4 -> EINVAL", __oli_posix_memalign(&y, 4, 10, big), EINVAL);
  CHECK_EQ("plain posix_memalign align 12 -> EINVAL", posix_memalign(&y, 12, 10), EINVAL);
  CHECK("posix_memalign leaves *out alone on error", y == (void *)1);
  /* out of memory: ENOMEM returned and in errno, as glibc's posix_memalign leaves it (a
   * sanitizer build's allocator is the sanitizer's, which says so in its log: not checked there) */
#if !defined(__SANITIZE_ADDRESS__) && !(defined(__has_feature) && (__has_feature(address_sanitizer) || __has_feature(thread_sanitizer)))
  errno = 0;
  CHECK("__oli_posix_memalign of SIZE_MAX/2: ENOMEM, errno ENOMEM",
        __oli_posix_memalign(&y, 64, SIZE_MAX / 2, big) == ENOMEM && errno == ENOMEM && y == (void *)1);
  errno = 0;
  CHECK("plain posix_memalign of SIZE_MAX/2: ENOMEM, errno ENOMEM",
        posix_memalign(&y, 64, SIZE_MAX / 2) == ENOMEM && errno == ENOMEM && y == (void *)1);
#endif
  /* aligned_alloc is glibc's: memalign up to glibc 2.37 (align 3 -> 4), C17's EINVAL from 2.38
   * (test-libc-compat compares every alignment with glibc itself) */
  void *a3 = __oli_aligned_alloc(3, 10, big);
#if __GLIBC_PREREQ(2, 38)
  CHECK("aligned_alloc align 3 -> NULL/EINVAL (glibc 2.38+)", a3 == NULL && errno == EINVAL);
#else
  CHECK("aligned_alloc align 3 -> memory aligned at 4 (glibc up to 2.37)", a3 && (uintptr_t)a3 % 4 == 0);
#endif
  free(a3);

  /* Site enter/leave: plain malloc inside a bracket belongs to the outermost site. */
  __oli_site_t *outer = test_site(0x2001, OLI_KIND_WRAPPER, 0, "outer");
  __oli_site_t *inner = test_site(0x2002, OLI_KIND_WRAPPER, 0, "inner");
  __oli_site_t *prev = __oli_site_enter(outer);
  CHECK("first enter returns NULL", prev == NULL);
  __oli_site_t *prev2 = __oli_site_enter(inner);
  CHECK("nested enter returns the outer site", prev2 == outer);
  void *w1 = plain_malloc(200);
  void *w2 = plain_malloc(4 * MiB);
  void *w3 = __oli_malloc(100, inner); /* inner __oli_* call: outer wins too */
  __oli_site_leave(prev2);
  __oli_site_leave(prev);
  void *w4 = plain_malloc(4 * MiB);
  uint64_t oc, ob, ic, ib;
  _oli_site_totals(_oli_site_state(outer), &oc, &ob, NULL);
  _oli_site_totals(_oli_site_state(inner), &ic, &ib, NULL);
  CHECK_EQ("outer site got all three", oc, 3);
  CHECK_EQ("outer site bytes", ob, 200 + 4 * MiB + 100);
  CHECK_EQ("inner site got none", ic, 0);
  CHECK("after leave, plain malloc is glibc's", !placed(w4));
  free(w1);
  free(w2);
  free(w3);
  free(w4);

  /* Same ID in two records (two modules) shares one state. */
  __oli_site_t *dup = test_site(0x1001, OLI_KIND_MALLOC, 0, "big");
  CHECK("same ID, same state", _oli_site_state(dup) == _oli_site_state(big));

  /* __oli_mmap: anonymous private regions are placed and counted; others pass. */
  __oli_site_t *ms = test_site(0x1004, OLI_KIND_MMAP, 0, "region");
  unsigned char *mm = __oli_mmap(NULL, 6 * MiB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0, ms);
  CHECK("mmap region returned", mm != MAP_FAILED);
  if (mm != MAP_FAILED) {
    memset(mm, 3, 6 * MiB);
    CHECK("mmap region usable", mm[6 * MiB - 1] == 3);
    munmap(mm, 6 * MiB);
  }
  uint64_t mc, mb;
  _oli_site_totals(_oli_site_state(ms), &mc, &mb, NULL);
  CHECK_EQ("mmap region counted", mc, 1);
  errno = 0;
  CHECK("failed mmap returns MAP_FAILED with errno",
        __oli_mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, -1, 0, ms) == MAP_FAILED && errno == EBADF);

  /* __oli_new and nothrow. */
  void *n1 = __oli_new(3 * MiB, 0, big), *n2 = __oli_new_nothrow(64, 64, big);
  CHECK("new returns memory", n1 != NULL);
  CHECK("new aligned", n2 && ((uintptr_t)n2 % 64) == 0);
  free(n1);
  free(n2);
  return TEST_SUMMARY();
}
