/* bench.h - shared helpers of the oli benchmark kernels: size class from the
 * command line or BENCH_CLASS, a monotonic timer, allocation checks, and the
 * uniform result lines the comparison harness parses:
 *   time_s <seconds of the timed section>
 *   cpu_s <CPU seconds of the timed sections, all threads>
 *   VERIFICATION SUCCESSFUL | VERIFICATION FAILED   (exit status 0 | 1)
 * Allocation stays a plain malloc/calloc at each call site so that the oli
 * pass sees one site per array; the large arrays are stored into file-scope
 * pointers, which gives the site the pointer's name in the oli report. */
#ifndef OLI_BENCH_H
#define OLI_BENCH_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Size classes: S and W run in well under a second / about a second on two
 * cores, A in seconds, B and C are for servers with tens of GB. */
enum { BENCH_S = 0, BENCH_W, BENCH_A, BENCH_B, BENCH_C, BENCH_NCLASS };
static const char bench_class_names[BENCH_NCLASS] = {'S', 'W', 'A', 'B', 'C'};

/* Class from argv[1] or $BENCH_CLASS (default S); exits 2 on bad input. */
static inline int bench_class(int argc, char **argv, const char *kernel) {
  const char *s = argc > 1 ? argv[1] : getenv("BENCH_CLASS");
  const char *from = argc > 1 ? "class argument" : "BENCH_CLASS";
  if (argc > 2 || (s && (!strcmp(s, "-h") || !strcmp(s, "--help")))) {
    fprintf(stderr, "usage: %s [S|W|A|B|C]   (or BENCH_CLASS=S|W|A|B|C; default S)\n", kernel);
    exit(2);
  }
  if (!s || !*s) return BENCH_S;
  for (int c = 0; c < BENCH_NCLASS; c++)
    if (s[1] == '\0' && (s[0] == bench_class_names[c] || s[0] == bench_class_names[c] + 32))
      return c;
  fprintf(stderr, "%s: error: %s '%s' is not one of S, W, A, B, C\n", kernel, from, s);
  exit(2);
}

static inline int bench_threads(void) {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Use right after each allocation: BENCH_CHECK_ALLOC(a, bytes). */
#define BENCH_CHECK_ALLOC(ptr, bytes)                                                   \
  do {                                                                                  \
    if (!(ptr)) {                                                                       \
      fprintf(stderr, "%s:%d: error: cannot allocate %zu bytes for '%s'\n", __FILE__,   \
              __LINE__, (size_t)(bytes), #ptr);                                         \
      exit(3);                                                                          \
    }                                                                                   \
  } while (0)

/* BENCH_PROFILE_TIMED=1: in a binary linked with liboli and built with
 * profile-every=N, the access profile covers the timed sections only
 * (bench_start .. bench_stop), as time_s does (benchmarks/model-check.sh).
 * liboli's pause and resume are weak: a plain build has none. */
extern void oli_profile_pause(void) __attribute__((weak));
extern void oli_profile_resume(void) __attribute__((weak));
static inline int bench_profile_timed(void) {
  const char *s = getenv("BENCH_PROFILE_TIMED");
  return s && s[0] == '1' && oli_profile_pause && oli_profile_resume;
}

/* CPU time of the whole process (all threads), seconds. The timed sections'
 * total is printed as cpu_s: on a machine shared with other work their wall
 * time includes the time the threads waited for a CPU, their CPU time does
 * not (benchmarks/model-check.sh compares the model with cpu_s / threads,
 * run with OMP_WAIT_POLICY=passive so that waiting threads do not spin). */
static double bench_cpu_t0, bench_cpu_total;
static inline double bench_cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The set-up is done at the first timed section: a kernel linked with liboli
 * calls oli_settle() there when a profile waits for it (OLI_PROFILE_START=
 * settle: the samples begin there; weak, a plain build has none). */
extern long oli_settle(void) __attribute__((weak));
static inline void bench_setup_done(void) {
  static int done;
  const char *s = getenv("OLI_PROFILE_START");
  if (!done && oli_settle && s && strcmp(s, "settle") == 0) oli_settle();
  done = 1;
}

/* The start of a timed section: its time (bench_stop adds what has passed). */
static inline double bench_start(void) {
  bench_setup_done();
  if (bench_profile_timed()) oli_profile_resume();
  bench_cpu_t0 = bench_cpu_now();
  return bench_now();
}
static inline double bench_stop(double t0) {
  double t = bench_now() - t0;
  bench_cpu_total += bench_cpu_now() - bench_cpu_t0;
  if (bench_profile_timed()) oli_profile_pause();
  return t;
}

static inline void bench_header(const char *kernel, int cls, const char *params) {
  if (bench_profile_timed()) oli_profile_pause(); /* until the first timed section */
  printf("kernel %s class %c threads %d\n", kernel, bench_class_names[cls], bench_threads());
  printf("params %s\n", params);
}

/* Print the result lines and return the process exit status. */
static inline int bench_finish(double seconds, int ok) {
  printf("time_s %.6f\n", seconds);
  printf("cpu_s %.6f\n", bench_cpu_total);
  printf("VERIFICATION %s\n", ok ? "SUCCESSFUL" : "FAILED");
  fflush(stdout);
  return ok ? 0 : 1;
}

/* BENCH_FAULT=1 makes a kernel corrupt one element of a large array after
 * set-up: the negative test that shows its verification can fail. */
static inline int bench_fault(void) {
  const char *s = getenv("BENCH_FAULT");
  return s && s[0] == '1';
}

/* BENCH_STEPS=N overrides a time-stepping kernel's steps per class (fewer for
 * slow emulated machines: the NUMA lab); bad values exit 2. */
static inline int bench_steps(const char *kernel, int steps) {
  const char *s = getenv("BENCH_STEPS");
  if (!s || !*s) return steps;
  char *end;
  long n = strtol(s, &end, 10);
  if (*end || n < 1 || n > 100000) {
    fprintf(stderr, "%s: error: BENCH_STEPS '%s' is not a number of steps 1-100000\n", kernel, s);
    exit(2);
  }
  return (int)n;
}

/* SplitMix64: a counter-based generator, so every element's random value
 * depends only on (seed, index) and not on the thread count. */
static inline uint64_t bench_mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
/* Uniform double in [0, 1) from (seed, index). */
static inline double bench_uniform(uint64_t seed, uint64_t i) {
  return (double)(bench_mix64(seed * 0x100000001b3ull ^ bench_mix64(i)) >> 11) * 0x1.0p-53;
}

#endif /* OLI_BENCH_H */
