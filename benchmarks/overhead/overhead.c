/* benchmarks/overhead/overhead.c - allocation overhead of liboli against glibc
 * malloc, measured in one run, baseline and oli repetitions alternating,
 * medians and ratios printed (docs/benchmarks-overhead.md).
 *
 * Each repetition is short (~10 ms) and baseline/oli repetitions alternate, so
 * load from other processes hits both sides alike; the ratio is the median of
 * the 41 per-pair ratios, the ns columns are medians of each side.
 *
 *   control               glibc against glibc: the bias and noise of the method.
 *   small-1t / small-2t   objects of 16..512 bytes from a tagged site, below
 *                         OLI_MIN_SIZE (not placed), called as the pass emits
 *                         it (the record's small_shift test, then
 *                         __libc_malloc or __oli_malloc; the arena test, then
 *                         __libc_free or free) vs __libc_malloc + __libc_free;
 *                         a ring of 256 live objects per thread. Target <= 1.05x.
 *   small-counted         the same through __oli_malloc every time: what a
 *                         site's first 256 small objects cost, and every one
 *                         with OLI_COUNT_SMALL=1.
 *   small-fill            small-1t, each object filled (memset) after malloc:
 *                         the same overhead against a realistic use.
 *   plain-1t              the same through the interposed malloc/free from
 *                         untagged code (what every library pays).
 *   large-reuse           16 MiB placed, every page touched, freed; repeated
 *                         (alloc/free loops: the per-placement cache).
 *   large-fresh           like large-reuse but every size distinct, so every
 *                         object is carved, mprotect'ed, mbind'ed and faulted
 *                         afresh. Target <= 1.15x (first touch included).
 *
 * Usage: overhead [--quick] [NAME...]
 *   --quick  tiny counts, for a smoke run
 *   NAME     run only these benchmarks (control is always run) */
#include <malloc.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "oli.h"
#include "oli_abi.h"

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

#define RING 256
#define MiB (1024ul * 1024)

static uint64_t rec_store[2][32] __attribute__((aligned(8)));
static __oli_site_t *site_small, *site_large;
static long small_iters = 400000, large_iters = 2;
static int reps = 41;

static __oli_site_t *make_site(uint64_t *buf, uint64_t id, const char *name) {
  __oli_site_t *s = (__oli_site_t *)buf;
  const char file[] = "benchmarks/overhead/overhead.c", func[] = "main";
  size_t fl = sizeof file - 1, fn = sizeof func - 1, nl = strlen(name);
  s->magic = OLI_SITE_MAGIC;
  s->size = (uint16_t)((OLI_SITE_HEADER_SIZE + fl + fn + nl + 3 + 7) & ~7u);
  s->kind = OLI_KIND_MALLOC;
  s->id = id;
  s->file_len = (uint16_t)fl;
  s->func_len = (uint16_t)fn;
  s->name_len = (uint16_t)nl;
  memcpy(s->strings, file, fl + 1);
  memcpy(s->strings + fl + 1, func, fn + 1);
  memcpy(s->strings + fl + fn + 2, name, nl + 1);
  return s;
}

/* CPU time of the calling thread (user + system): the machine is shared, and
 * time spent descheduled must not count for either side. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum { M_GLIBC = 0, M_OLI = 1, M_PLAIN = 2, M_CONTROL = 3, M_COUNTED = 4 };

/* A malloc call as the pass emits it (include/oli_abi.h, "Small-object fast
 * path"; pass/SmallBypass.cpp): rec is a constant address, like the pass's
 * site records, and the small path calls glibc directly. */
static inline void *tagged_malloc(size_t n, __oli_site_t *rec) {
  unsigned sh = __atomic_load_n(&rec->small_shift, __ATOMIC_RELAXED) & 63u;
  return (n >> sh) == 0 ? __libc_malloc(n) : __oli_malloc(n, rec);
}
/* A free call as the pass emits it (pass/FreeBypass.cpp): placed memory to the
 * runtime's free, anything else to glibc's. */
static inline void tagged_free(void *p) {
  uintptr_t len = __atomic_load_n(&__oli_arena_len, __ATOMIC_ACQUIRE);
  uintptr_t lo = __atomic_load_n(&__oli_arena_lo, __ATOMIC_RELAXED);
  void (*f)(void *) = (uintptr_t)p - lo < len ? free : __libc_free;
  f(p);
}
#define REC_SMALL ((__oli_site_t *)rec_store[0])
#define REC_LARGE ((__oli_site_t *)rec_store[1])
static int fill; /* small-fill: write every byte of each object */

typedef struct job_s {
  int mode;
  pthread_barrier_t *bar;
} job_t;

/* One loop per mode, each its own function starting on a cache line, so that
 * no mode pays for another's code (a switch in the loop, or where the linker
 * happened to put it: at about 13 ns per iteration, layout alone moved the
 * ratio by several percent). */
#define SMALL_LOOP(fn, FREE, ALLOC)                                                   \
  static __attribute__((noinline, aligned(64))) void fn(void) {                       \
    void *ring[RING] = {0};                                                           \
    uint32_t x = 12345;                                                               \
    for (long i = 0; i < small_iters; i++) {                                          \
      x = x * 1664525u + 1013904223u;                                                 \
      size_t n = 16 + ((x >> 8) & 0x1f0); /* 16..512 */                               \
      unsigned k = (x >> 20) & (RING - 1);                                            \
      FREE(ring[k]);                                                                  \
      ring[k] = ALLOC;                                                                \
      if (fill) memset(ring[k], (int)i, n);                                           \
      *(volatile char *)ring[k] = 1;                                                  \
    }                                                                                 \
    for (int k = 0; k < RING; k++) FREE(ring[k]);                                     \
  }
SMALL_LOOP(loop_glibc, __libc_free, __libc_malloc(n))
SMALL_LOOP(loop_control, __libc_free, __libc_malloc(n))
SMALL_LOOP(loop_oli, tagged_free, tagged_malloc(n, REC_SMALL))
SMALL_LOOP(loop_counted, tagged_free, __oli_malloc(n, REC_SMALL))
SMALL_LOOP(loop_plain, free, malloc(n))

static void small_loop(int mode) {
  switch (mode) {
  case M_GLIBC: loop_glibc(); break;
  case M_CONTROL: loop_control(); break;
  case M_OLI: loop_oli(); break;
  case M_COUNTED: loop_counted(); break;
  default: loop_plain(); break;
  }
}

typedef struct span_s {
  job_t *job;
  double start, end;
} span_t;

static void *small_thread(void *arg) {
  span_t *s = arg;
  pthread_barrier_wait(s->job->bar);
  s->start = now();
  small_loop(s->job->mode);
  s->end = now();
  return NULL;
}

static double run_small(int mode, int threads) {
  if (threads == 1) {
    double t = now();
    small_loop(mode);
    return now() - t;
  }
  pthread_barrier_t bar;
  pthread_barrier_init(&bar, NULL, (unsigned)threads + 1);
  pthread_t th[8];
  span_t sp[8];
  job_t j = {mode, &bar};
  for (int i = 0; i < threads; i++) {
    sp[i].job = &j;
    pthread_create(&th[i], NULL, small_thread, &sp[i]);
  }
  pthread_barrier_wait(&bar);
  double sum = 0;
  for (int i = 0; i < threads; i++) {
    pthread_join(th[i], NULL);
    sum += sp[i].end - sp[i].start;
  }
  pthread_barrier_destroy(&bar);
  return sum / threads; /* CPU time per thread, both threads running at once */
}

static double run_large(int mode, int fresh, int rep) {
  long pg = sysconf(_SC_PAGESIZE);
  double t = now();
  for (long i = 0; i < large_iters; i++) {
    /* fresh: a size never seen before (cache miss), else always 16 MiB */
    size_t n = 16 * MiB + (fresh ? (size_t)((rep * large_iters + i + 1) * pg) : 0);
    char *p = mode == M_GLIBC ? __libc_malloc(n) : tagged_malloc(n, REC_LARGE);
    for (size_t o = 0; o < n; o += (size_t)pg) p[o] = 1; /* first touch of every page */
    mode == M_GLIBC ? __libc_free(p) : tagged_free(p);
  }
  return now() - t;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef double (*bench_fn)(int mode, int arg, int rep);
static double b_small1(int mode, int arg, int rep) { (void)arg, (void)rep; return run_small(mode, 1); }
static double b_fill1(int mode, int arg, int rep) {
  (void)arg, (void)rep;
  fill = 1;
  double t = run_small(mode, 1);
  fill = 0;
  return t;
}
static double b_small2(int mode, int arg, int rep) { (void)arg, (void)rep; return run_small(mode, 2); }
static double b_large(int mode, int fresh, int rep) { return run_large(mode, fresh, rep); }

static char **only; /* NULL: all */
static int nonly;

static void measure(const char *name, bench_fn fn, int arg, int mode, long ops, double target) {
  double base[128], oli[128];
  bool chosen = !only || strcmp(name, "control") == 0;
  for (int i = 0; i < nonly && !chosen; i++) chosen = strcmp(only[i], name) == 0;
  if (!chosen) return;
  fn(M_GLIBC, arg, 0); /* warm-up */
  fn(mode, arg, 0);
  for (int r = 0; r < reps; r++) { /* alternate, so drift hits both alike */
    base[r] = fn(M_GLIBC, arg, 2 * r + 1);
    oli[r] = fn(mode, arg, 2 * r + 2);
  }
  double pr[128];
  for (int r = 0; r < reps; r++) pr[r] = oli[r] / base[r]; /* each pair ran back to back */
  double ratio = median(pr, reps), mb = median(base, reps), mo = median(oli, reps);
  printf("%-14s %12.1f %12.1f %8.3f %8s %s\n", name, mb / (double)ops * 1e9, mo / (double)ops * 1e9, ratio,
         target > 0 ? (target >= 1.10 ? "<=1.15" : "<=1.05") : "-",
         target > 0 ? (ratio <= target ? "met" : "MISSED") : "");
}

static const char *const names[] = {"control",    "small-1t",    "small-2t",   "small-counted",
                                    "plain-1t",   "small-fill",  "large-reuse", "large-fresh"};

int main(int argc, char **argv) {
  int a = 1;
  if (argc > a && strcmp(argv[a], "--quick") == 0) {
    small_iters = 20000;
    large_iters = 2;
    reps = 3;
    a++;
  }
  for (int i = a; i < argc; i++) {
    bool known = false;
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) known |= strcmp(argv[i], names[k]) == 0;
    if (!known) {
      fprintf(stderr, "oli-overhead: unknown benchmark '%s' (accepted: --quick, then any of control small-1t "
              "small-2t small-counted plain-1t small-fill large-reuse large-fresh)\n", argv[i]);
      return 2;
    }
  }
  if (argc > a) only = argv + a, nonly = argc - a;
  site_small = make_site(rec_store[0], 0x0b0b000000000001ull, "small");
  site_large = make_site(rec_store[1], 0x0b0b000000000002ull, "large");
  __oli_init(site_small, (__oli_site_t *)((char *)site_small + site_small->size));
  __oli_init(site_large, (__oli_site_t *)((char *)site_large + site_large->size));

  struct utsname u;
  uname(&u);
  char cpu[256] = "?";
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f) {
    char line[512];
    while (fgets(line, sizeof line, f))
      if (strncmp(line, "model name", 10) == 0) {
        char *c = strchr(line, ':');
        snprintf(cpu, sizeof cpu, "%s", c ? c + 2 : line);
        cpu[strcspn(cpu, "\n")] = 0;
        break;
      }
    fclose(f);
  }
  printf("machine: %s, %ld CPUs online, Linux %s; liboli %s; OLI_POLICY=%s\n", cpu, sysconf(_SC_NPROCESSORS_ONLN),
         u.release, oli_version(), getenv("OLI_POLICY") ? getenv("OLI_POLICY") : "oli (default)");
  printf("medians of %d alternating repetitions; thread CPU ns per operation (small: one malloc+free; large: "
         "alloc + touch every page + free)\n", reps);
  printf("ratio: median over the pairs of oli/glibc time (the pairs ran back to back)\n");
  printf("%-14s %12s %12s %8s %8s\n", "benchmark", "glibc ns", "oli ns", "ratio", "target");
  measure("control", b_small1, 0, M_CONTROL, small_iters, 0); /* glibc against itself: the method's bias */
  measure("small-1t", b_small1, 0, M_OLI, small_iters, 1.05);
  measure("small-2t", b_small2, 0, M_OLI, small_iters, 1.05);
  measure("small-counted", b_small1, 0, M_COUNTED, small_iters, 0);
  measure("plain-1t", b_small1, 0, M_PLAIN, small_iters, 0);
  measure("small-fill", b_fill1, 0, M_OLI, small_iters, 1.05);
  measure("large-reuse", b_large, 0, M_OLI, large_iters, 0);
  /* A fixed mmap threshold from here on: glibc gives every large object fresh
   * pages (its default dynamic threshold keeps freed 16 MiB chunks in the heap,
   * and the glibc side of "fresh" would not touch fresh pages). */
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  measure("large-fresh", b_large, 1, M_OLI, large_iters, 1.15);
  return 0;
}
