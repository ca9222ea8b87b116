/* test-libc-compat: the interposed allocator answers as glibc does where the
 * answer is glibc's to give: aligned_alloc and memalign with every kind of
 * alignment (0, 1, 3, 24, 4097, 2^63, 2^63 + 1, SIZE_MAX), untagged and from a
 * tagged site, small and placed, return memory or NULL with the same errno as
 * glibc's own functions (glibc 2.36: aligned_alloc is memalign, so
 * aligned_alloc(3, n) is memory, aligned at 4); and mallinfo2/mallinfo/
 * malloc_stats count placed objects (hblks/hblkhd live, fordblks freed and
 * resident), as glibc counts its mmapped chunks. */
#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

/* the test calls what it tests: odd alignments, the deprecated mallinfo */
#pragma clang diagnostic ignored "-Wnon-power-of-two-alignment"
#pragma clang diagnostic ignored "-Wdeprecated-declarations"

#define MiB (1024ull * 1024)

typedef void *(*alfn)(size_t, size_t);

static size_t pow2_up(size_t a) {
  size_t p = 1;
  while (p < a && p) p <<= 1;
  return p;
}

int main(void) {
  setenv("OLI_POLICY", "uniform", 1);
  alfn glibc_aligned = (alfn)dlsym(RTLD_NEXT, "aligned_alloc"), glibc_memalign = (alfn)dlsym(RTLD_NEXT, "memalign");
  void (*glibc_free)(void *) = (void (*)(void *))dlsym(RTLD_NEXT, "free"); /* glibc's memory, glibc's free */
  if (!glibc_aligned || !glibc_memalign || !glibc_free) TEST_SKIP("glibc's aligned_alloc/memalign/free not found with dlsym");
  __oli_site_t *site = test_site(0xa11, OLI_KIND_ALIGNED_ALLOC, 0, "al");
  const size_t aligns[] = {0, 1, 2, 3, 8, 24, 48, 100, 4096, 4097, (size_t)1 << 63, ((size_t)1 << 63) + 1, SIZE_MAX,
#if !defined(__SANITIZE_ADDRESS__) && !(defined(__has_feature) && (__has_feature(address_sanitizer) || __has_feature(thread_sanitizer)))
                           (size_t)1 << 62, /* reaches the allocator, which fails; a sanitizer's says so in its log */
#endif
  };
  const size_t sizes[] = {100, 2 * MiB};
  char name[160];
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    for (size_t i = 0; i < sizeof aligns / sizeof aligns[0]; i++) {
      size_t al = aligns[i], n = sizes[k];
      struct { const char *what; void *(*ours)(size_t, size_t); alfn theirs; } f[] = {
          {"aligned_alloc", aligned_alloc, glibc_aligned}, {"memalign", memalign, glibc_memalign}};
      for (int j = 0; j < 2; j++) {
        errno = 0;
        void *g = f[j].theirs(al, n);
        int ge = errno;
        errno = 0;
        void *o = f[j].ours(al, n);
        int oe = errno;
        errno = 0;
        void *t = j == 0 ? __oli_aligned_alloc(al, n, site) : __oli_memalign(al, n, site);
        int te = errno;
        snprintf(name, sizeof name, "%s(%zu, %zu): as glibc (%s, errno %d)", f[j].what, al, n, g ? "memory" : "NULL", ge);
        CHECK(name, (o != NULL) == (g != NULL) && (o || oe == ge));
        snprintf(name, sizeof name, "tagged %s(%zu, %zu): as glibc", f[j].what, al, n);
        CHECK(name, (t != NULL) == (g != NULL) && (t || te == ge));
        size_t want = al > 4096 ? 4096 : pow2_up(al);
        snprintf(name, sizeof name, "%s(%zu, %zu): aligned to %zu", f[j].what, al, n, want);
        if (g) CHECK(name, ((uintptr_t)o % want) == 0 && ((uintptr_t)t % want) == 0);
        glibc_free(g);
        free(o);
        free(t);
      }
    }
  }
  void *a3 = aligned_alloc(3, 100);
  CHECK("aligned_alloc(3, 100) is memory (glibc 2.36), aligned at 4", a3 && (uintptr_t)a3 % 4 == 0);
  free(a3);

  /* mallinfo2 / mallinfo see placed objects */
  __oli_site_t *big = test_site(0xa12, OLI_KIND_MALLOC, 0, "big");
  struct mallinfo2 m0 = mallinfo2();
  char *p = __oli_malloc(4 * MiB, big);
  if (!_oli_arena_contains(p)) TEST_SKIP("objects are not placed here (no arena)");
  memset(p, 1, 4 * MiB);
  struct mallinfo2 m1 = mallinfo2();
  CHECK_EQ("mallinfo2: one more mmapped chunk (hblks)", m1.hblks - m0.hblks, 1);
  CHECK("mallinfo2: its bytes in hblkhd", m1.hblkhd - m0.hblkhd >= 4 * MiB);
  struct mallinfo mo = mallinfo();
  CHECK("mallinfo (int fields) too", (size_t)mo.hblks == m1.hblks);
  free(p);
  struct mallinfo2 m2 = mallinfo2();
  CHECK("freed: out of hblkhd", m2.hblkhd == m0.hblkhd && m2.hblks == m0.hblks);
  CHECK("freed, still resident: in fordblks", m2.fordblks - m0.fordblks >= 4 * MiB);
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid == 0) {
    char *q = __oli_malloc(8 * MiB, big);
    memset(q, 2, 8 * MiB);
    malloc_stats();
    _exit(0);
  }
  char out[4096];
  CHECK_EQ("malloc_stats runs", test_child_collect(fd, pid, out, sizeof out), 0);
  CHECK("malloc_stats: glibc's table, then the arena's", strstr(out, "Total (incl. mmap):") &&
                                                            strstr(out, "oli arena (placed objects):"));
  const char *ours = strstr(out, "oli arena (placed objects):");
  unsigned long long inuse = 0, live = 0;
  const char *u = ours ? strstr(ours, "in use bytes     = ") : NULL, *l = ours ? strstr(ours, "live objects     = ") : NULL;
  CHECK("malloc_stats: the placed object in use (its pages)",
        u && sscanf(u + 19, "%llu", &inuse) == 1 && inuse >= 8 * MiB && inuse <= 8 * MiB + 8192);
  CHECK("malloc_stats: one live object", l && sscanf(l + 19, "%llu", &live) == 1 && live == 1);
  return TEST_SUMMARY();
}
