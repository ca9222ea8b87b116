/* benchmarks/overhead/stackwalk.c - what a call-stack site costs a placed
 * allocation (docs/benchmarks-overhead.md, "Programs not built with the
 * plugin"). A loop of 2 MiB malloc + free pairs (placed, the block
 * recycled), called from a few frames down, built by the target
 * bench-stackwalk with the plugin (the site is its record) and without it
 * (run under LD_PRELOAD=liboli.so: the site is the call stack), the latter
 * once more with -fno-omit-frame-pointer. With PATHS 1 every pair comes by
 * one call path; with 2 the pairs come alternately by two, so the
 * allocation's return address is reached by both (every allocation walks
 * the stack either way). Prints the median
 * thread CPU ns per pair of 9 batches (CPU time: this machine is shared).
 *   stackwalk [PATHS]    one measurement */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"

#define BATCHES 9
#define PER_BATCH 4000

static double now_ns(void) { return bench_ns(CLOCK_THREAD_CPUTIME_ID); }

/* a few frames, as in a solver's set-up; the empty asm keeps each a call, not a jump */
static __attribute__((noinline)) char *leaf(size_t n) {
  char *p = malloc(n);
  __asm__ volatile("" ::: "memory");
  return p;
}
static __attribute__((noinline)) char *mid(size_t n) {
  char *p = leaf(n);
  __asm__ volatile("" ::: "memory");
  return p;
}
static __attribute__((noinline)) char *other(size_t n) {
  char *p = leaf(n);
  __asm__ volatile("" ::: "memory");
  return p;
}
static __attribute__((noinline)) char *top(size_t n, int path) {
  char *p = path ? other(n) : mid(n);
  __asm__ volatile("" ::: "memory");
  return p;
}

int main(int argc, char **argv) {
  int paths = argc > 1 ? atoi(argv[1]) : 1;
  if (paths < 1 || paths > 2) {
    fprintf(stderr, "usage: stackwalk [PATHS: 1 or 2]\n");
    return 2;
  }
  volatile char sink = 0;
  double ns[BATCHES];
  for (int w = 0; w < 200; w++) free(top(2u << 20, w % paths));
  for (int b = 0; b < BATCHES; b++) {
    double t0 = now_ns();
    for (int i = 0; i < PER_BATCH; i++) {
      char *p = top(2u << 20, i % paths);
      sink += p[0];
      free(p);
    }
    ns[b] = (now_ns() - t0) / PER_BATCH;
  }
  printf("%.1f\n", bench_median(ns, BATCHES));
  return sink == 42;
}
