/* bench-tracked.c - cost of tracking many placed objects (a benchmark: it
 * prints figures, it asserts no speed). Places OLI_BENCH_OBJECTS (default
 * 1,000,000) objects of one page each, untouched, and prints per population
 * step the CPU nanoseconds (user + system) per allocation of the last 10,000
 * allocations, then an
 * alloc+free cycle at full population, and the memory the runtime's own
 * bookkeeping costs per tracked object: resident-set growth (the objects are
 * never touched, so that growth is metadata and page tables) and page-table
 * growth (VmPTE). Checks (not timing): every allocation succeeded, every
 * object was placed in the arena, accounting back to zero after the frees,
 * and metadata per object below 1 KiB.
 * Run with OLI_POLICY=uniform OLI_MIN_SIZE=4K (set by CTest). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define BATCH 10000

/* CPU time of this thread (user + system): on a shared, loaded machine wall
 * time mostly measures the neighbours. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* VmRSS and VmPTE in bytes, from /proc/self/status. */
static void mem(uint64_t *rss, uint64_t *pte) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  *rss = *pte = 0;
  while (f && fgets(line, sizeof line, f)) {
    unsigned long long kb;
    if (sscanf(line, "VmRSS: %llu kB", &kb) == 1) *rss = kb * 1024;
    if (sscanf(line, "VmPTE: %llu kB", &kb) == 1) *pte = kb * 1024;
  }
  if (f) fclose(f);
}

int main(void) {
  long n = 1000000;
  const char *e = getenv("OLI_BENCH_OBJECTS");
  if (e && *e) {
    char *end;
    errno = 0;
    n = strtol(e, &end, 10);
    if (errno || *end || n < BATCH || n > 4000000) {
      fprintf(stderr, "bench-tracked: OLI_BENCH_OBJECTS='%s' is not a number in %d..4000000\n", e, BATCH);
      return 2;
    }
  }
  size_t pg = (size_t)sysconf(_SC_PAGESIZE);
  __oli_site_t *site = test_site(0xbe01, OLI_KIND_MALLOC, 0, "tracked");
  void **obj = malloc((size_t)n * sizeof *obj); /* before measuring: ours, not the runtime's */
  memset(obj, 0, (size_t)n * sizeof *obj);
  free(__oli_malloc(pg, site)); /* bring the runtime up */
  uint64_t rss0, pte0, rss1, pte1;
  mem(&rss0, &pte0);

  long failed = 0, outside = 0;
  printf("%10s %18s\n", "objects", "CPU ns/allocation");
  double t0 = now(), first = 0, last = 0;
  for (long i = 0; i < n; i++) {
    obj[i] = __oli_malloc(pg, site);
    if (!obj[i]) failed++;
    else if (!_oli_arena_contains(obj[i])) outside++;
    if ((i + 1) % BATCH == 0) {
      double t = now(), per = (t - t0) / BATCH * 1e9;
      if (i + 1 == BATCH) first = per;
      last = per;
      long k = i + 1;
      if (k == BATCH || k == 10 * BATCH || k == 100 * BATCH || k == n || k % (n / 10) == 0)
        printf("%10ld %18.0f\n", k, per);
      t0 = now();
    }
  }
  mem(&rss1, &pte1);
  /* alloc+free cycles at full population */
  double c0 = now();
  for (int r = 0; r < BATCH; r++) free(__oli_malloc(pg, site));
  double cycle = (now() - c0) / BATCH * 1e9;

  oli_arena_stats_t as;
  _oli_arena_stats(&as);
  double per_obj = (double)(rss1 - rss0) / (double)n, pte_obj = (double)(pte1 - pte0) / (double)n;
  printf("bench-tracked: %ld placed objects of %zu bytes: %.0f CPU ns/allocation for the first %d, "
         "%.0f ns for the last %d (ratio %.2f); alloc+free at %ld live: %.0f ns; runtime memory "
         "per tracked object: %.1f bytes resident (%.1f of it page tables); arena live blocks %llu\n",
         n, pg, first, BATCH, last, BATCH, last / first, n, cycle, per_obj, pte_obj,
         (unsigned long long)as.live_blocks);
  CHECK_EQ("every allocation succeeded", failed, 0);
  CHECK_EQ("every object placed in the arena", outside, 0);
  CHECK_EQ("arena tracks them all", as.live_blocks, n);
  CHECK("runtime memory per tracked object below 1 KiB", per_obj < 1024);

  double f0 = now();
  for (long i = 0; i < n; i++) free(obj[i]);
  printf("bench-tracked: free of %ld objects: %.0f ns each\n", n, (now() - f0) / n * 1e9);
  uint64_t live[OLI_TIER_COUNT_], sum = 0;
  _oli_alloc_tier_bytes(live, NULL);
  for (int i = 0; i < OLI_TIER_COUNT_; i++) sum += live[i];
  _oli_arena_stats(&as);
  CHECK_EQ("no live bytes after freeing all", sum, 0);
  CHECK_EQ("no live blocks after freeing all", as.live_blocks, 0);
  free(obj);
  return TEST_SUMMARY();
}
