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
 *                 once, three ways:
 *                   own     each thread frees the object it just placed;
 *                   shared  a pool of 4,096 slots all threads share: a thread
 *                           places an object, swaps it into a random slot and
 *                           frees the one it takes out (placed by any thread);
 *                   remote  each thread passes its objects to the next one
 *                           (a ring of 1,024) and frees the ones the previous
 *                           thread passed it: every free is another thread's
 *                           object (T = 1: its own, through the ring).
 *                 Per pair: the median thread's CPU time, and the wall time
 *                 from the first thread's start to the last one's end divided
 *                 by T * K. Rows with more threads than online CPUs are
 *                 marked: those threads take turns on the cores.
 * Objects are not touched: first-touch faults would dwarf the allocator.
 * Times are medians of REPS repetitions; nothing is asserted.
 *
 * Usage: oli-scaling [--quick] [--threads-only] [--max-threads N] [--dat FILE]
 *   FILE: gnuplot data, blocks: live sweep, then own, shared, remote (columns
 *   threads, CPU ns, wall ns, 1 when beyond the CPUs). */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define OBJ 4096
#define REPS 5
#define MAXT 32
#define SLOTS 4096 /* shared: the pool's slots */
#define RING 1024  /* remote: objects in flight from one thread to the next */

static long pairs = 20000, thread_pairs = 200000;

enum mode_e { OWN, SHARED, REMOTE, NMODES };
static const char *const mode_name[NMODES] = {"own", "shared", "remote"};
static _Atomic(void *) pool[SLOTS];
typedef struct {
  _Atomic long head __attribute__((aligned(64))); /* written by the consumer */
  _Atomic long tail __attribute__((aligned(64))); /* written by the producer */
  void *slot[RING];
} ring_t;
static ring_t rings[MAXT];

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
 * keeps the optimiser from pairing malloc and free away; it is the thread's
 * own (one shared sink was a cache line both threads wrote on every pair). */
static __thread void *volatile sink;
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
  enum mode_e mode;
  int id, nt;
  uint64_t rnd;
  double cpu, start, end; /* CPU seconds; wall clock around the pairs */
} __attribute__((aligned(64))) worker_t; /* a line each: shared mode writes rnd on every pair */

static void *place(void) {
  void *p = malloc(OBJ);
  if (!p) {
    fprintf(stderr, "oli-scaling: malloc failed\n");
    exit(1);
  }
  return p;
}

/* shared: k objects placed, each swapped into a random slot of the pool and
 * the one it replaces freed. */
static void run_shared(worker_t *w, long k) {
  for (long i = 0; i < k; i++) {
    w->rnd ^= w->rnd << 13, w->rnd ^= w->rnd >> 7, w->rnd ^= w->rnd << 17;
    free(atomic_exchange_explicit(&pool[w->rnd % SLOTS], place(), memory_order_acq_rel));
  }
}

/* remote: free what the previous thread passed; false when nothing was there. */
static int take_one(ring_t *in) {
  long h = atomic_load_explicit(&in->head, memory_order_relaxed);
  if (h == atomic_load_explicit(&in->tail, memory_order_acquire)) return 0;
  free(in->slot[h % RING]);
  atomic_store_explicit(&in->head, h + 1, memory_order_release);
  return 1;
}
/* remote: k objects placed and passed on to the next thread, k of the
 * previous thread's freed. A thread waiting for room frees what it has
 * been passed meanwhile (no deadlock), and yields while it waits. */
static void run_remote(worker_t *w, long k) {
  ring_t *out = &rings[(w->id + 1) % w->nt], *in = &rings[w->id];
  long freed = 0;
  for (long i = 0; i < k; i++) {
    void *p = place();
    long t = atomic_load_explicit(&out->tail, memory_order_relaxed);
    while (t - atomic_load_explicit(&out->head, memory_order_acquire) >= RING) {
      if (take_one(in)) freed++;
      else sched_yield();
    }
    out->slot[t % RING] = p;
    atomic_store_explicit(&out->tail, t + 1, memory_order_release);
    if (take_one(in)) freed++;
  }
  while (freed < k) {
    if (take_one(in)) freed++;
    else sched_yield();
  }
}

static void run_mode(worker_t *w, long k) {
  switch (w->mode) {
  case OWN: run_pairs(k); break;
  case SHARED: run_shared(w, k); break;
  case REMOTE: run_remote(w, k); break;
  case NMODES: break;
  }
}

static void *worker(void *arg) {
  worker_t *w = arg;
  if (w->mode == OWN) run_pairs(thread_pairs / 10); /* warm this thread's caches and counters */
  pthread_barrier_wait(w->go);
  w->start = clock_s(CLOCK_MONOTONIC);
  double c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
  run_mode(w, thread_pairs);
  w->cpu = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
  w->end = clock_s(CLOCK_MONOTONIC);
  return NULL;
}

/* One thread-sweep point: nt threads in mode m, REPS times; medians. */
static int sweep_point(enum mode_e m, int nt, double *mc, double *mw) {
  double cpu[REPS], wall[REPS];
  for (int r = 0; r < REPS; r++) {
    pthread_t th[MAXT];
    worker_t w[MAXT];
    pthread_barrier_t go;
    for (int i = 0; i < MAXT; i++) atomic_store(&rings[i].head, 0), atomic_store(&rings[i].tail, 0);
    pthread_barrier_init(&go, NULL, (unsigned)nt + 1);
    for (int i = 0; i < nt; i++) {
      w[i] = (worker_t){.go = &go, .mode = m, .id = i, .nt = nt, .rnd = 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1)};
      if (pthread_create(&th[i], NULL, worker, &w[i]) != 0) {
        perror("oli-scaling: pthread_create");
        return -1;
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
  *mc = median(cpu, REPS);
  *mw = median(wall, REPS);
  return 0;
}

int main(int argc, char **argv) {
  const char *dat = NULL;
  long live_max = 1000000;
  int max_threads = MAXT, threads_only = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quick") == 0) {
      pairs = 2000;
      thread_pairs = 2000;
      live_max = 10000;
    } else if (strcmp(argv[i], "--threads-only") == 0) {
      threads_only = 1;
    } else if (strcmp(argv[i], "--max-threads") == 0 && i + 1 < argc && atoi(argv[i + 1]) >= 1 &&
               atoi(argv[i + 1]) <= MAXT) {
      max_threads = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--dat") == 0 && i + 1 < argc) {
      dat = argv[++i];
    } else {
      fprintf(stderr, "oli-scaling: error: unknown argument '%s' (usage: oli-scaling [--quick] [--threads-only] "
              "[--max-threads 1-%d] [--dat FILE])\n", argv[i], MAXT);
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
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  printf("placed 4 KiB objects (OLI_MIN_SIZE=4K, OLI_POLICY=%s), %ld malloc+free pairs per repetition, "
         "median of %d, %ld CPUs online\n\n", getenv("OLI_POLICY"), pairs, REPS, cpus);
  if (out) fprintf(out, "# live  new_object_ns  pair_ns  free_ns\n");
  if (!threads_only) {
    printf("%10s  %14s  %14s  %14s\n", "live", "new object ns", "pair ns (cpu)", "free ns");
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
  } else if (out) {
    fprintf(out, "# (not run)\n1 0 0 0\n");
  }
  long base = live_max < 10000 ? live_max : 10000;
  double ignored;
  void **v = hold(base, &ignored);
  for (int i = 0; i < SLOTS; i++) atomic_store(&pool[i], place());
  printf("\n%ld objects live; T threads run %ld pairs each at once (* beyond the %ld CPUs)\n", base, thread_pairs,
         cpus);
  printf("%8s %10s  %18s  %18s\n", "mode", "threads", "pair ns (cpu, med)", "pair ns (wall/all)");
  for (int m = 0; m < NMODES; m++) {
    if (out) fprintf(out, "\n\n# %s: threads  pair_cpu_ns  pair_wall_ns  beyond_cpus\n", mode_name[m]);
    for (int nt = 1; nt <= max_threads; nt *= 2) {
      double mc, mw;
      if (sweep_point((enum mode_e)m, nt, &mc, &mw) != 0) return 1;
      printf("%8s %9d%s  %18.1f  %18.1f\n", mode_name[m], nt, nt > cpus ? "*" : " ", mc * 1e9, mw * 1e9);
      if (out) fprintf(out, "%d %.1f %.1f %d\n", nt, mc * 1e9, mw * 1e9, nt > cpus);
    }
  }
  for (int i = 0; i < SLOTS; i++) free(atomic_exchange(&pool[i], NULL));
  release(v, base);
  if (out) fclose(out);
  return 0;
}
