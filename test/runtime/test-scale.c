/* test-scale.c - many tracked objects: 100,000 placed blocks live at once
 * (OLI_MIN_SIZE=4K), freed in random order, then reallocated; lookups stay
 * O(1) (page map), metadata stays bounded, every block is found again.
 * Prints the time per operation; asserts only correctness. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define N 100000

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void) {
  setenv("OLI_MIN_SIZE", "4K", 1);
  setenv("OLI_POLICY", "dram", 1);
  __oli_site_t *s = test_site(0x9001, OLI_KIND_MALLOC, 0, "many");
  void **p = mmap(NULL, sizeof(void *) * N, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  double t0 = now();
  int in_arena = 0;
  for (int i = 0; i < N; i++) {
    p[i] = __oli_malloc(4096 + (size_t)(i % 3) * 4096, s); /* 1-3 pages, untouched */
    in_arena += _oli_arena_contains(p[i]);
  }
  double t1 = now();
  CHECK_EQ("every object placed", in_arena, N);
  oli_arena_stats_t as;
  _oli_arena_stats(&as);
  CHECK_EQ("live blocks tracked", as.live_blocks, N);
  int found = 0;
  for (int i = 0; i < N; i += 7) {
    oli_block_info_t b;
    found += _oli_arena_info(p[i], &b) == 0 && b.size == 4096 + (size_t)(i % 3) * 4096;
  }
  CHECK_EQ("lookups find each block", found, (N + 6) / 7);
  unsigned x = 1;
  for (int i = N - 1; i > 0; i--) { /* shuffle, free in random order */
    x = x * 1103515245u + 12345u;
    int j = (int)(x % (unsigned)(i + 1));
    void *t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
  double t2 = now();
  for (int i = 0; i < N; i++) free(p[i]);
  double t3 = now();
  _oli_arena_stats(&as);
  CHECK_EQ("no live block left", as.live_blocks, 0);
  for (int i = 0; i < N; i++) p[i] = __oli_malloc(4096 + (size_t)(i % 3) * 4096, s);
  double t4 = now();
  _oli_arena_stats(&as);
  CHECK("freed blocks recycled", as.recycled > 0);
  for (int i = 0; i < N; i++) free(p[i]);
  printf("%d blocks: alloc %.2f us, free %.2f us, alloc again %.2f us per object; recycled %llu, released %llu\n", N,
         (t1 - t0) / N * 1e6, (t3 - t2) / N * 1e6, (t4 - t3) / N * 1e6, (unsigned long long)as.recycled,
         (unsigned long long)as.released);
  return TEST_SUMMARY();
}
