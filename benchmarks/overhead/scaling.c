/* benchmarks/overhead/scaling.c - how the cost of a placed allocation + free
 * grows with the number of live objects (1 to 1M) and of threads (1 to 32)
 * (docs/benchmarks-overhead.md, "Scaling"). Compiled with the pass plugin and
 * linked with liboli, so every malloc below is a real tagged site; the program
 * sets OLI_MIN_SIZE=4K (and starts itself again: the runtime reads its options
 * before main), so its 4 KiB objects are placed (arena blocks with their own
 * policy), and OLI_POLICY=dram unless OLI_POLICY is set.
 *
 *   live sweep    one thread: L objects of 4 KiB are allocated and kept (the
 *                 cost of each new one: arena carve, mprotect, mbind), then
 *                 K malloc(4 KiB) + free pairs run with L live (a freed block
 *                 is recycled: no system call), then the L are freed.
 *   thread sweep  10,000 objects live; T threads (1..32) each run K pairs at
 *                 once. Per pair: the median thread's CPU time, and the wall
 *                 time from the first thread's start to the last one's end
 *                 divided by T * K (2 cores here).
 * Objects are not touched: first-touch faults would dwarf the allocator.
 * Times are medians of REPS repetitions; nothing is asserted.
 *
 * Usage: oli-scaling [--quick] [--dat FILE]   (FILE: gnuplot data, two blocks) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define OBJ 4096
#define REPS 5
#define MAXT 32

static long pairs = 20000, thread_pairs = 200000;

static double clock_s(clockid_t c) {
  struct timespec t;
  clock_gettime(c, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* One repetition of K pairs; CPU seconds of this thread. The volatile sink
 * keeps the optimiser from pairing malloc and free away. */
static void *volatile sink;
static double run_pairs(long k) {
  double t0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
  for (long i = 0; i < k; i++) {
    void *p = malloc(OBJ);
    sink = p;
    free(p);
  }
  return clock_s(CLOCK_THREAD_CPUTIME_ID) - t0;
}

static void **hold(long n, double *per_alloc) {
  void **v = mmap(NULL, sizeof(void *) * (size_t)(n ? n : 1), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                  -1, 0);
  if (v == MAP_FAILED) {
    perror("oli-scaling: mmap");
    exit(1);
  }
  double t0 = clock_s(CLOCK_MONOTONIC);
  for (long i = 0; i < n; i++)
    if (!(v[i] = malloc(OBJ))) {
      fprintf(stderr, "oli-scaling: malloc failed at object %ld\n", i);
      exit(1);
    }
  *per_alloc = n ? (clock_s(CLOCK_MONOTONIC) - t0) / (double)n : 0;
  return v;
}

static double release(void **v, long n) {
  double t0 = clock_s(CLOCK_MONOTONIC);
  for (long i = 0; i < n; i++) free(v[i]);
  double t = n ? (clock_s(CLOCK_MONOTONIC) - t0) / (double)n : 0;
  munmap(v, sizeof(void *) * (size_t)(n ? n : 1));
  return t;
}

typedef struct {
  pthread_barrier_t *go;
  double cpu, start, end; /* CPU seconds; wall clock around the pairs */
} worker_t;

static void *worker(void *arg) {
  worker_t *w = arg;
  run_pairs(thread_pairs / 10); /* warm this thread's caches and counters */
  pthread_barrier_wait(w->go);
  w->start = clock_s(CLOCK_MONOTONIC);
  w->cpu = run_pairs(thread_pairs);
  w->end = clock_s(CLOCK_MONOTONIC);
  return NULL;
}

int main(int argc, char **argv) {
  const char *dat = NULL;
  long live_max = 1000000;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quick") == 0) {
      pairs = 2000;
      thread_pairs = 2000;
      live_max = 10000;
    } else if (strcmp(argv[i], "--dat") == 0 && i + 1 < argc) {
      dat = argv[++i];
    } else {
      fprintf(stderr, "oli-scaling: error: unknown argument '%s' (usage: oli-scaling [--quick] [--dat FILE])\n",
              argv[i]);
      return 2;
    }
  }
  /* The runtime reads its options in the plugin's constructor, before main:
   * set them and start again. */
  if (!getenv("OLI_MIN_SIZE") || strcmp(getenv("OLI_MIN_SIZE"), "4K") != 0) {
    setenv("OLI_MIN_SIZE", "4K", 1);
    if (!getenv("OLI_POLICY")) setenv("OLI_POLICY", "dram", 1);
    execv("/proc/self/exe", argv);
    perror("oli-scaling: execv /proc/self/exe");
    return 1;
  }
  FILE *out = dat ? fopen(dat, "w") : NULL;
  if (dat && !out) {
    perror(dat);
    return 1;
  }
  printf("placed 4 KiB objects (OLI_MIN_SIZE=4K, OLI_POLICY=%s), %ld malloc+free pairs per repetition, "
         "median of %d\n\n", getenv("OLI_POLICY"), pairs, REPS);
  printf("%10s  %14s  %14s  %14s\n", "live", "new object ns", "pair ns (cpu)", "free ns");
  if (out) fprintf(out, "# live  new_object_ns  pair_ns  free_ns\n");
  for (long live = 1; live <= live_max; live *= 10) {
    double per_alloc, t[REPS];
    void **v = hold(live, &per_alloc);
    run_pairs(pairs / 10);
    for (int r = 0; r < REPS; r++) t[r] = run_pairs(pairs) / (double)pairs;
    double pair = median(t, REPS);
    double per_free = release(v, live);
    printf("%10ld  %14.1f  %14.1f  %14.1f\n", live, per_alloc * 1e9, pair * 1e9, per_free * 1e9);
    if (out) fprintf(out, "%ld %.1f %.1f %.1f\n", live, per_alloc * 1e9, pair * 1e9, per_free * 1e9);
  }
  long base = live_max < 10000 ? live_max : 10000;
  double ignored;
  void **v = hold(base, &ignored);
  printf("\n%ld objects live; T threads run %ld pairs each at once\n", base, thread_pairs);
  printf("%10s  %18s  %18s\n", "threads", "pair ns (cpu, med)", "pair ns (wall/all)");
  if (out) fprintf(out, "\n\n# threads  pair_cpu_ns  pair_wall_ns\n");
  for (int nt = 1; nt <= MAXT; nt *= 2) {
    double cpu[REPS], wall[REPS];
    for (int r = 0; r < REPS; r++) {
      pthread_t th[MAXT];
      worker_t w[MAXT];
      pthread_barrier_t go;
      pthread_barrier_init(&go, NULL, (unsigned)nt + 1);
      for (int i = 0; i < nt; i++) {
        w[i].go = &go;
        if (pthread_create(&th[i], NULL, worker, &w[i]) != 0) {
          perror("oli-scaling: pthread_create");
          return 1;
        }
      }
      pthread_barrier_wait(&go);
      double first = 1e300, last = 0;
      for (int i = 0; i < nt; i++) {
        pthread_join(th[i], NULL);
        first = w[i].start < first ? w[i].start : first;
        last = w[i].end > last ? w[i].end : last;
      }
      wall[r] = (last - first) / ((double)thread_pairs * nt);
      pthread_barrier_destroy(&go);
      double c[MAXT];
      for (int i = 0; i < nt; i++) c[i] = w[i].cpu / (double)thread_pairs;
      cpu[r] = median(c, nt);
    }
    double mc = median(cpu, REPS), mw = median(wall, REPS);
    printf("%10d  %18.1f  %18.1f\n", nt, mc * 1e9, mw * 1e9);
    if (out) fprintf(out, "%d %.1f %.1f\n", nt, mc * 1e9, mw * 1e9);
  }
  release(v, base);
  if (out) fclose(out);
  return 0;
}
