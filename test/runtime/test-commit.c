/* test-commit: a placed allocation fails with NULL/ENOMEM exactly when
 * glibc's would: under the kernel's overcommit heuristic (vm.overcommit_memory
 * 0) an object larger than RAM + swap is refused, as glibc's mmap is, while
 * the arena (reserved PROT_NONE) could hold it; a later placed allocation
 * still works; no warning and no fallback are counted (it is not a placement
 * failure). Under vm.overcommit_memory=2 the same with CommitLimit (the NUMA
 * lab sets it in its guest: test/numa-lab/guest). Mode 1 (always overcommit)
 * makes glibc succeed too: skipped with the reason. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

extern void *__libc_malloc(size_t);

static char captured[8192];
static void capture(const char *msg, void *arg) {
  (void)arg;
  size_t have = strlen(captured), add = strlen(msg);
  if (have + add < sizeof captured) memcpy(captured + have, msg, add + 1);
}

static long read_long(const char *path, const char *key) {
  FILE *f = fopen(path, "r");
  char line[256];
  long v = -1;
  while (f && fgets(line, sizeof line, f))
    if (key == NULL ? sscanf(line, "%ld", &v) == 1 : (strncmp(line, key, strlen(key)) == 0 &&
                                                       sscanf(line + strlen(key), " %ld", &v) == 1))
      break;
  if (f) fclose(f);
  return v;
}

int main(void) {
  long mode = read_long("/proc/sys/vm/overcommit_memory", NULL);
  if (mode == 1) TEST_SKIP("vm.overcommit_memory=1: every allocation succeeds, glibc's too");
  if (mode != 0 && mode != 2) TEST_SKIP("cannot read /proc/sys/vm/overcommit_memory");
  struct sysinfo si;
  if (sysinfo(&si) != 0) TEST_SKIP("sysinfo failed");
  uint64_t ram_swap = ((uint64_t)si.totalram + si.totalswap) * si.mem_unit;
  uint64_t limit = mode == 0 ? ram_swap : (uint64_t)read_long("/proc/meminfo", "CommitLimit:") << 10;
  uint64_t huge = 2 * limit; /* glibc's mmap refuses it: the heuristic, or the commit limit */
  char arena[64];
  snprintf(arena, sizeof arena, "%llu", (unsigned long long)(4 * limit)); /* room in the arena */
  if (4 * limit > (1ull << 47)) TEST_SKIP("this machine is too large for the test's arena");
  setenv("OLI_ARENA_SIZE", arena, 1);
  setenv("OLI_POLICY", "uniform", 1); /* every object from OLI_MIN_SIZE up is placed */
  _oli_set_output(capture, NULL);
  printf("vm.overcommit_memory=%ld, limit %llu MiB, asking for %llu MiB\n", mode,
         (unsigned long long)(limit >> 20), (unsigned long long)(huge >> 20));

  __oli_site_t *s = test_site(0xc0317, OLI_KIND_MALLOC, 0, "huge");
  void *ok = __oli_malloc(64 << 20, s);
  CHECK("a placed object that fits", ok != NULL && _oli_arena_contains(ok));
  errno = 0;
  void *g = __libc_malloc(huge);
  CHECK("glibc refuses it (the test's premise)", g == NULL && errno == ENOMEM);
  free(g);
  errno = 0;
  void *p = __oli_malloc(huge, s);
  CHECK("placed malloc larger than the limit: NULL", p == NULL);
  CHECK_EQ("... errno ENOMEM", errno, ENOMEM);
  errno = 0;
  CHECK("placed calloc: NULL/ENOMEM", __oli_calloc(huge / 8, 8, s) == NULL && errno == ENOMEM);
  void *q = NULL;
  CHECK_EQ("posix_memalign: ENOMEM", __oli_posix_memalign(&q, 4096, huge, s), ENOMEM);
  errno = 0;
  memset(ok, 0x5a, 64 << 20);
  CHECK("placed realloc beyond the limit: NULL, the old object kept",
        __oli_realloc(ok, huge, s) == NULL && errno == ENOMEM && ((char *)ok)[(64 << 20) - 1] == 0x5a);
  CHECK("no placement warning (it is not a placement failure)",
        _oli_warning_count(W_MMAP) + _oli_warning_count(W_ARENA_FULL) + _oli_warning_count(W_MBIND) == 0);
  oli_site_state_t *st = _oli_site_state(s);
  CHECK_EQ("no fallback counted", atomic_load(&st->fallbacks), 0);
  uint64_t count = 0;
  _oli_site_totals(st, &count, NULL, NULL);
  CHECK_EQ("a failed allocation is no object: 1 counted", count, 1);
  void *after = __oli_malloc(32 << 20, s);
  CHECK("the arena still places afterwards", after != NULL && _oli_arena_contains(after));
  free(after);
  free(ok);
  if (_oli_warning_count(W_MMAP) + _oli_warning_count(W_ARENA_FULL)) fprintf(stderr, "     messages: %s", captured);
  _oli_set_output(NULL, NULL);
  return TEST_SUMMARY();
}
