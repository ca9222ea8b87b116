/* benchmarks/overhead/clock.h - the timing helpers of the overhead
 * benchmarks: a clock in ns and the median of a sample. */
#ifndef OLI_BENCH_CLOCK_H
#define OLI_BENCH_CLOCK_H

#include <stdlib.h>
#include <time.h>

/* ns of clock `id` (CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID). */
static inline double bench_ns(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static inline int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median of v[0..n) (sorts v). */
static inline double bench_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
