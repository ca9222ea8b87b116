/* benchmarks/overhead/stackwalk.c - what a call-stack site costs a placed
 * allocation (docs/benchmarks-overhead.md, "Programs not built with the
 * plugin"). The same loop of 2 MiB malloc + free pairs (placed, the block
 * recycled), called from a few frames down, is built twice by the target
 * bench-stackwalk: with the plugin (the site is its record) and without it
 * (run under LD_PRELOAD=liboli.so: the site is found by walking the stack
 * and hashing its frames on every allocation). Each prints the median ns
 * per pair of 9 batches; the target runs them alternating and prints both.
 *   stackwalk            one measurement */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"

#define BATCHES 9
#define PER_BATCH 4000

static double now_ns(void) { return bench_ns(CLOCK_MONOTONIC); }

/* a few frames, as in a solver's set-up */
static __attribute__((noinline)) char *leaf(size_t n) { return malloc(n); }
static __attribute__((noinline)) char *mid(size_t n) { return leaf(n); }
static __attribute__((noinline)) char *top(size_t n) { return mid(n); }

int main(void) {
  volatile char sink = 0;
  double ns[BATCHES];
  for (int w = 0; w < 200; w++) free(top(2u << 20));
  for (int b = 0; b < BATCHES; b++) {
    double t0 = now_ns();
    for (int i = 0; i < PER_BATCH; i++) {
      char *p = top(2u << 20);
      sink += p[0];
      free(p);
    }
    ns[b] = (now_ns() - t0) / PER_BATCH;
  }
  printf("%.1f\n", bench_median(ns, BATCHES));
  return sink == 42;
}
