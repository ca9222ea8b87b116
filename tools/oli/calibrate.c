/* tools/oli/calibrate.c - `oli calibrate`: measure, from the CPUs of one node
 * (a socket), each memory node's read and triad bandwidth (a read sweep and
 * STREAM's triad over 1, 2, 4 ... threads) and its idle and loaded latency
 * (a pointer chase over a random cycle of cache lines, alone and while the
 * socket's other threads stream the same node); print a table with the
 * interleave ratio the runtime will use, and write a machine file
 * (common/machine.c) that the runtime applies ahead of HMAT
 * (docs/machine.md). */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "infile.h"
#include "machine.h"
#include "oli_vocab.h"
#include "outfile.h"
#include "ratio.h"
#include "size.h"

#define MAX_NODES (OLI_MACHINE_MAX_NODE + 1)
#define MAX_CPUS 1024
#define LINE 64                      /* bytes per chased cell: one cache line */
#define MIN_BUFFER (4u << 20)
#define DEFAULT_BUFFER (256u << 20)
#define MPOL_BIND_ 2
#define MPOL_MF_STRICT_ 1
#define MPOL_MF_MOVE_ 2
#define MPOL_F_NODE_ 1
#define MPOL_F_ADDR_ 2

typedef struct node_s {
  int memory;                /* has memory */
  int ncpus;
  int cpu[MAX_CPUS];
  uint64_t free_bytes;       /* MemFree, 0 unknown */
} node_t;

static node_t nodes[MAX_NODES];
static char sysfs[512] = "/sys/devices/system/node";

static void usage(FILE *f) {
  fputs("usage: oli calibrate [options]\n"
        "Measure, from the CPUs of one node (a socket), every memory node's read and triad\n"
        "bandwidth (a read sweep and STREAM's triad over 1, 2, 4 ... threads up to all of the\n"
        "node's CPUs) and its idle and loaded latency (a pointer chase over a random cycle of\n"
        "cache lines, alone and while the node's other CPUs stream the same memory). Prints a\n"
        "table and the interleave ratio the runtime will use (local DRAM : CPU-less node, from\n"
        "the read bandwidths, in small integers), and writes a machine file for OLI_MACHINE.\n"
        "  -o, --output FILE   write the machine file (the runtime reads OLI_MACHINE, else\n"
        "                      " OLI_MACHINE_DEFAULT_FILE ")\n"
        "  -f, --from LIST     nodes whose CPUs measure (default: the node this runs on;\n"
        "                      'all': every node with CPUs, for MPI ranks on every socket)\n"
        "  -n, --nodes LIST    memory nodes to measure (default: every node with memory)\n"
        "  -s, --size SIZE     buffer per measurement (default 256M, at least 4M; keep it\n"
        "                      well above the last-level cache)\n"
        "  -r, --repeat N      best of N passes (default 5)\n"
        "      --show FILE     check a machine file and print it as a table\n"
        "  -h, --help          this text\n"
        "Exit status: 0 ok, 1 a measurement failed, 2 bad input.\n",
        f);
}

/* ---- the machine: nodes with memory, their CPUs ------------------------- */

/* The text of the (regular) file at path, trailing blanks cut; 0 ok, -1 none. */
static int read_path(const char *path, char *buf, size_t n) {
  char why[160];
  int fd = oli_infile_open(path, NULL, why, sizeof why); /* a FIFO in a recorded tree: absent, no hang */
  if (fd < 0) return -1;
  ssize_t k = read(fd, buf, n - 1);
  close(fd);
  if (k < 0) return -1;
  buf[k] = '\0';
  while (k > 0 && (buf[k - 1] == '\n' || buf[k - 1] == ' ')) buf[--k] = '\0';
  return 0;
}

static int read_text(const char *rel, char *buf, size_t n) {
  char path[700];
  snprintf(path, sizeof path, "%s/%s", sysfs, rel);
  return read_path(path, buf, n);
}

/* "0-3,8" -> bits of mask (nbits); 0 ok, -1 malformed. An empty list is 0. */
static int parse_list(const char *s, unsigned char *mask, int nbits) {
  memset(mask, 0, (size_t)nbits);
  while (*s) {
    char *end;
    long a = strtol(s, &end, 10), b = a;
    if (end == s || a < 0 || a >= nbits) return -1;
    s = end;
    if (*s == '-') {
      b = strtol(s + 1, &end, 10);
      if (end == s + 1 || b < a || b >= nbits) return -1;
      s = end;
    }
    for (long i = a; i <= b; i++) mask[i] = 1;
    if (*s == ',') s++;
    else if (*s) return -1;
  }
  return 0;
}

static int read_nodes(void) {
  char buf[4096];
  unsigned char mem[MAX_NODES], cpus[MAX_CPUS];
  if (read_text("has_memory", buf, sizeof buf) != 0 && read_text("online", buf, sizeof buf) != 0) {
    strcpy(buf, "0"); /* a kernel without NUMA: one node */
    sysfs[0] = '\0';
  }
  if (parse_list(buf, mem, MAX_NODES) != 0) return -1;
  for (int i = 0; i < MAX_NODES; i++) {
    nodes[i].memory = mem[i];
    char rel[64];
    snprintf(rel, sizeof rel, "node%d/cpulist", i);
    if (sysfs[0] && read_text(rel, buf, sizeof buf) == 0 && parse_list(buf, cpus, MAX_CPUS) == 0) {
      for (int c = 0; c < MAX_CPUS; c++)
        if (cpus[c]) nodes[i].cpu[nodes[i].ncpus++] = c;
    } else if (!sysfs[0] && i == 0) {
      cpu_set_t set;
      if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int c = 0; c < MAX_CPUS && c < CPU_SETSIZE; c++)
          if (CPU_ISSET(c, &set)) nodes[0].cpu[nodes[0].ncpus++] = c;
    }
    snprintf(rel, sizeof rel, "node%d/meminfo", i);
    if (sysfs[0] && read_text(rel, buf, sizeof buf) == 0) {
      const char *p = strstr(buf, "MemFree:");
      if (p) nodes[i].free_bytes = strtoull(p + 8, NULL, 10) * 1024;
    }
  }
  return 0;
}

/* Bytes of the largest cache of CPU 0 (sysfs cpu0/cache/index*), 0 unknown. */
static uint64_t last_level_cache(void) {
  uint64_t best = 0;
  for (int i = 0; i < 8; i++) {
    char path[96], buf[64];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
    if (read_path(path, buf, sizeof buf) != 0) continue;
    char *end;
    uint64_t v = strtoull(buf, &end, 10);
    v <<= *end == 'K' ? 10 : *end == 'M' ? 20 : 0;
    if (v > best) best = v;
  }
  return best;
}

static int node_of_cpu(int cpu) {
  for (int i = 0; i < MAX_NODES; i++)
    for (int k = 0; k < nodes[i].ncpus; k++)
      if (nodes[i].cpu[k] == cpu) return i;
  return -1;
}

/* ---- memory on one node -------------------------------------------------- */

static void *node_buffer(int node, size_t size, char *why, size_t n) {
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    snprintf(why, n, "mmap of %zu bytes: %s", size, strerror(errno));
    return NULL;
  }
  unsigned long mask[MAX_NODES / (8 * sizeof(unsigned long)) + 1] = {0};
  mask[node / (8 * sizeof(unsigned long))] |= 1UL << (node % (8 * sizeof(unsigned long)));
  if (sysfs[0] && syscall(SYS_mbind, p, size, MPOL_BIND_, mask, (unsigned long)MAX_NODES + 1,
                          MPOL_MF_STRICT_ | MPOL_MF_MOVE_) != 0) {
    snprintf(why, n, "mbind to node %d: %s", node, strerror(errno));
    munmap(p, size);
    return NULL;
  }
  /* no madvise(MADV_HUGEPAGE): the page size programs get (the system's THP
   * setting), whose page walks a gather beyond the caches pays for */
  memset(p, 1, size);              /* fault every page in now, on the node */
  int where = -1;
  if (sysfs[0] && syscall(SYS_get_mempolicy, &where, NULL, 0UL, (char *)p + size / 2,
                          (unsigned long)(MPOL_F_NODE_ | MPOL_F_ADDR_)) == 0 && where != node) {
    snprintf(why, n, "pages landed on node %d, not %d", where, node);
    munmap(p, size);
    return NULL;
  }
  return p;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The calling thread's CPU time, seconds: every measurement is timed with
 * it, so that on a machine shared with other programs a figure is what the
 * memory gives while the measuring threads run (their memory traffic still
 * counts, the time they wait for a CPU does not). */
static double thread_cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

/* ---- read bandwidth ------------------------------------------------------ */

typedef struct reader_s {
  pthread_t tid;
  int cpu;
  uint64_t *lo;              /* its share of the buffer (written by the triad) */
  size_t words;
  pthread_barrier_t *start, *done;
  int passes;
  _Atomic int *stop;         /* non-NULL: stream until set (the loaded-latency load) */
  bool triad;                /* a STREAM triad over the share's thirds instead of a read */
  int reps;                  /* sweeps of the share a pass (a pass long enough to time) */
  double secs;               /* CPU seconds of its last pass */
  uint64_t sink;
} reader_t;

static uint64_t sum_words(const uint64_t *p, size_t n) {
  uint64_t a = 0, b = 0, c = 0, d = 0;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) a += p[i], b += p[i + 1], c += p[i + 2], d += p[i + 3];
  for (; i < n; i++) a += p[i];
  return a + b + c + d;
}

/* STREAM's triad, a[i] = b[i] + s * c[i], over the share's three thirds:
 * what a thread moves streaming several arrays, reading and writing, as a
 * program's loops do (one read stream alone draws less: docs/machine.md).
 * The buffer's bytes are 1s (node_buffer's memset): small positive normal
 * doubles, which the triads only make larger - no denormal slows an add. */
static uint64_t triad_words(uint64_t *p, size_t n) {
  size_t k = n / 3;
  double *restrict a = (double *)p, *restrict b = (double *)p + k, *restrict c = (double *)p + 2 * k;
  for (size_t i = 0; i < k; i++) a[i] = b[i] + 3.0 * c[i];
  return (uint64_t)k;
}

static uint64_t pass(reader_t *r) {
  uint64_t sink = 0;
  for (int k = 0; k < r->reps; k++) sink += r->triad ? triad_words(r->lo, r->words) : sum_words(r->lo, r->words);
  return sink;
}

static void *reader(void *arg) {
  reader_t *r = arg;
  pin(r->cpu);
  if (r->stop) {
    while (!atomic_load_explicit(r->stop, memory_order_relaxed)) r->sink += sum_words(r->lo, r->words);
    return NULL;
  }
  for (int k = 0; k < r->passes; k++) {
    pthread_barrier_wait(r->start);
    double c0 = thread_cpu();
    r->sink += pass(r);
    r->secs = thread_cpu() - c0;
    pthread_barrier_wait(r->done);
  }
  return NULL;
}

/* The best of `passes` passes of `reps` sweeps each (bandwidth below), s. */
static double bandwidth_pass(void *buf, size_t size, const int *cpus, int t, int passes, bool triad, int reps) {
  reader_t r[MAX_CPUS];
  pthread_barrier_t start, done;
  pthread_barrier_init(&start, NULL, (unsigned)t + 1);
  pthread_barrier_init(&done, NULL, (unsigned)t + 1);
  size_t words = size / 8, per = words / (size_t)t;
  for (int i = 0; i < t; i++) {
    r[i] = (reader_t){.cpu = cpus[i], .lo = (uint64_t *)buf + per * (size_t)i, .words = per,
                      .start = &start, .done = &done, .passes = passes, .triad = triad, .reps = reps};
    pthread_create(&r[i].tid, NULL, reader, &r[i]);
  }
  double best = 1e300;
  for (int k = 0; k < passes; k++) {
    pthread_barrier_wait(&start);
    pthread_barrier_wait(&done);
    double dt = 0;
    for (int i = 0; i < t; i++)
      if (r[i].secs > dt) dt = r[i].secs;
    if (dt < best) best = dt;
  }
  for (int i = 0; i < t; i++) pthread_join(r[i].tid, NULL);
  pthread_barrier_destroy(&start);
  pthread_barrier_destroy(&done);
  return best;
}

/* MB/s of the best of `passes` reads of buf (triad: STREAM triads over it,
 * 24 bytes an element: two read, one written, the written line's fill not
 * counted, as STREAM and the planner count) by `t` threads on cpus[0..t),
 * a pass taking its slowest thread's CPU time; 0 when no pass could be
 * timed. A pass sweeps its share as many times as it takes to last
 * MIN_PASS_S: a small buffer (the lab's 16 MiB under an emulator) timed in
 * one sweep can read 0 s on a coarse CPU clock. */
#define MIN_PASS_S 0.01
static uint64_t bandwidth(void *buf, size_t size, const int *cpus, int t, int passes, bool triad) {
  double best = 0;
  int reps = 1;
  for (;; reps *= 4) {
    best = bandwidth_pass(buf, size, cpus, t, passes, triad, reps);
    if (best >= MIN_PASS_S || reps >= 4096) break;
  }
  size_t per = size / 8 / (size_t)t;
  double bytes = (double)(triad ? per / 3 * 3 : per) * 8.0 * t * reps;
  return best > 0 ? (uint64_t)(bytes / best / 1e6 + 0.5) : 0;
}

/* ---- latency ------------------------------------------------------------- */

/* The next value of an xorshift64 generator (*x never 0). */
static inline uint64_t xorshift64(uint64_t *x) {
  *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
  return *x;
}

/* Link the buffer's cells into one random cycle (Sattolo's shuffle). */
static int build_chase(void *buf, size_t size) {
  size_t n = size / LINE;
  uint32_t *order = malloc(n * sizeof *order);
  if (order == NULL) return -1;
  for (size_t i = 0; i < n; i++) order[i] = (uint32_t)i;
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (size_t i = n - 1; i > 0; i--) {
    size_t j = (size_t)(xorshift64(&x) % i);
    uint32_t tmp = order[i];
    order[i] = order[j];
    order[j] = tmp;
  }
  char *b = buf;
  for (size_t i = 0; i < n; i++) *(void **)(b + (size_t)order[i] * LINE) = b + (size_t)order[(i + 1) % n] * LINE;
  free(order);
  return 0;
}

/* Seconds per dependent load, best of `passes` walks of `steps` loads along
 * the cycle build_chase made in buf. */
static double chase_load_s(void *buf, size_t steps, int passes) {
  void *p = buf;
  double best = 1e300;
  for (int k = 0; k < passes; k++) {
    double t0 = thread_cpu();
    for (size_t i = 0; i < steps; i++) p = *(void **)p;
    double dt = thread_cpu() - t0;
    if (dt < best) best = dt;
  }
  static void *volatile keep;
  keep = p;
  (void)keep;
  return best / (double)steps;
}

/* ns per dependent load, best of `passes` walks of the whole cycle. */
static uint32_t chase(void *buf, size_t size, int passes) {
  double ns = chase_load_s(buf, size / LINE, passes) * 1e9;
  return ns < 1 ? 1 : (uint32_t)(ns + 0.5);
}

/* The chase on cpus[0] while cpus[1..t) stream buf's other half. */
static uint32_t loaded_chase(void *buf, size_t size, const int *cpus, int t, int passes) {
  size_t half = size / 2 / LINE * LINE;
  if (build_chase(buf, half) != 0) return 0;
  _Atomic int stop = 0;
  reader_t r[MAX_CPUS];
  size_t words = (size - half) / 8, per = words / (size_t)(t - 1);
  for (int i = 1; i < t; i++) {
    r[i] = (reader_t){.cpu = cpus[i], .lo = (uint64_t *)((char *)buf + half) + per * (size_t)(i - 1),
                      .words = per, .stop = &stop};
    pthread_create(&r[i].tid, NULL, reader, &r[i]);
  }
  uint32_t ns = chase(buf, half, passes);
  atomic_store(&stop, 1);
  for (int i = 1; i < t; i++) pthread_join(r[i].tid, NULL);
  return ns;
}

static void step(const char *fmt, ...) CLI_PRINTF(1, 2);

/* ns per gathered element of a sparse row loop, one thread: rows of
 * HIT_ROW elements, each row's sum of a[e] * x[col[e]] stored in y (the
 * form of a sparse matrix-vector product, the commonest gather: the index
 * and the factor streamed, x of `words` doubles at random), the index loads
 * and the sums' latency included, as in a code's own gather loops. Over a
 * buffer the caches hold, what a gathered hit costs (the hit curve); over the
 * whole node buffer, what a gathered miss costs with the misses the core
 * overlaps (gather_time_ps). An index drawn from an xorshift instead measures
 * the generator: over the caches about 2 ns whatever the buffer, over memory
 * 10.5 ns a miss on the machine of docs/benchmarks.md (its instructions
 * between misses let fewer overlap), where the same lines read through an
 * index array take 4.5 ns and this loop 3.2-4.2 ns. Best of passes, the
 * first warming x. */
#define HIT_ROW 20
#define HIT_ELEMS ((size_t)1 << 21) /* 24 MiB of index and factor: streamed from memory, as a code's are */
#define HIT_MAX_WORDS ((size_t)1 << 31) /* col is 32-bit: x at most 16 GiB, far beyond any cache */
typedef struct gather_streams_s {
  uint32_t *col;
  double *a, *y;
} gather_streams_t;

/* The index, factor and sums of the loop; 0, -1 without memory for them. */
static int streams_get(gather_streams_t *s) {
  s->col = malloc(HIT_ELEMS * sizeof *s->col);
  s->a = malloc(HIT_ELEMS * sizeof *s->a), s->y = malloc(HIT_ELEMS / HIT_ROW * sizeof *s->y);
  if (s->col && s->a && s->y) {
    for (size_t e = 0; e < HIT_ELEMS; e++) s->a[e] = 1.0 + (double)(e & 7);
    return 0;
  }
  free(s->col), free(s->a), free(s->y);
  return -1;
}

static void streams_put(gather_streams_t *s) { free(s->col), free(s->a), free(s->y); }

/* x's first `words` doubles (at most HIT_MAX_WORDS) written, and the
 * stream's indices drawn over them from `seed`. */
static void gather_fill(double *x, size_t words, uint32_t *col, uint64_t seed) {
  if (words > HIT_MAX_WORDS) words = HIT_MAX_WORDS;
  for (size_t w = 0; w < words; w++) x[w] = 1.0 + (double)(w & 1023) * 1e-3;
  for (size_t e = 0; e < HIT_ELEMS; e++) col[e] = (uint32_t)(xorshift64(&seed) % words);
}

static double gather_hit_ns(double *x, size_t words, const gather_streams_t *s, int passes) {
  const uint32_t *col = s->col;
  const double *a = s->a;
  double *y = s->y;
  gather_fill(x, words, s->col, 0x9e3779b97f4a7c15ull);
  double best = 1e300;
  for (int k = 0; k < passes + 1; k++) {
    double t0 = thread_cpu();
    for (size_t row = 0; row < HIT_ELEMS / HIT_ROW; row++) {
      double sum = 0;
      for (size_t e = row * HIT_ROW; e < (row + 1) * HIT_ROW; e++) sum += a[e] * x[col[e]];
      y[row] = sum;
    }
    double dt = thread_cpu() - t0;
    if (k > 0 && dt < best) best = dt;
    static volatile double keep; /* the sums are used: the loop stays */
    keep = y[k % (HIT_ELEMS / HIT_ROW)];
    (void)keep;
  }
  return best / (double)HIT_ELEMS * 1e9;
}

/* What a gathered miss costs a thread: the sparse row loop over the whole
 * buffer (the misses the core overlaps included, so the model needs no
 * assumed count in flight), ps. 0 (not measured) without memory for the streams. */
static uint32_t gather_time_ps(void *buf, size_t size, int passes) {
  gather_streams_t s;
  if (streams_get(&s) != 0) return 0;
  double ps = gather_hit_ns(buf, size / sizeof(double), &s, passes) * 1e3;
  streams_put(&s);
  return ps < 1 ? 1 : ps > 1e9 ? 1000000000u : (uint32_t)(ps + 0.5);
}

/* The core's miss window: the sparse row loop over the whole buffer with
 * WORK_LO and then WORK_HI operations of independent work added per element
 * (additions on four registers, written as instructions so that no compiler
 * folds them, none feeding an address). While a miss is out a core holds W
 * operations, so W / k elements' misses overlap (k: an element's
 * operations, the loop's own and the work) and an element takes about
 * latency x k / W: the time grows by latency / W per operation added. Returns
 * that slope, ns per operation; 0 where the work cannot be written (not
 * x86-64 or AArch64), without memory for the streams, or when the time did
 * not grow (the work hidden by what the misses overlap: no window to read). */
#if defined(__x86_64__)
#define WORK_ADD(r) "addq $1, %" #r "\n\t"
#elif defined(__aarch64__)
#define WORK_ADD(r) "add %" #r ", %" #r ", #1\n\t"
#endif
#ifdef WORK_ADD
#define WORK_LO 16
#define WORK_HI 64
_Static_assert(WORK_LO == 4 * 4 && WORK_HI == 4 * 16, "WORK's repeats below: four additions each");
#define WORK(reps) \
  __asm__ volatile(".rept " #reps "\n\t" WORK_ADD(0) WORK_ADD(1) WORK_ADD(2) WORK_ADD(3) ".endr" \
                   : "+r"(w0), "+r"(w1), "+r"(w2), "+r"(w3))
static double gather_work_ns(const double *x, const gather_streams_t *s, int passes, int hi) {
  uint64_t w0 = 0, w1 = 0, w2 = 0, w3 = 0;
  const uint32_t *col = s->col;
  const double *a = s->a;
  double *y = s->y, best = 1e300;
  for (int k = 0; k < passes + 1; k++) {
    double t0 = thread_cpu();
    for (size_t row = 0; row < HIT_ELEMS / HIT_ROW; row++) {
      double sum = 0;
      for (size_t e = row * HIT_ROW; e < (row + 1) * HIT_ROW; e++) {
        sum += a[e] * x[col[e]];
        if (hi) WORK(16); /* WORK_HI operations */
        else WORK(4);     /* WORK_LO */
      }
      y[row] = sum;
    }
    double dt = thread_cpu() - t0;
    if (k > 0 && dt < best) best = dt;
  }
  static volatile double keep; /* the sums and the work's registers are used: the loop stays */
  keep = y[0] + (double)(w0 + w1 + w2 + w3);
  (void)keep;
  return best / (double)HIT_ELEMS * 1e9;
}
#endif

static double miss_slope_ns(void *buf, size_t size, int passes) {
#ifdef WORK_ADD
  gather_streams_t s;
  if (streams_get(&s) != 0) return 0;
  double *x = buf;
  gather_fill(x, size / sizeof(double), s.col, 0x2545f4914f6cdd1dull);
  double lo = gather_work_ns(x, &s, passes, 0), hi = gather_work_ns(x, &s, passes, 1);
  streams_put(&s);
  return hi > lo ? (hi - lo) / (WORK_HI - WORK_LO) : 0;
#else
  (void)buf, (void)size, (void)passes;
  return 0;
#endif
}

/* The cache hit curve (mf->hits): gather_hit_ns over 16 KiB, 64 KiB, ...
 * x4 up to what the caches hold (`cache`, measured; 4 MiB when not), x in
 * the node buffer `buf` of `size` bytes. 0, -1 without memory for the streams. */
static int cache_gather_curve(void *buf, size_t size, uint64_t cache, int passes, oli_machine_t *mf) {
  uint64_t top = cache ? cache : (uint64_t)4 << 20;
  gather_streams_t s;
  if (streams_get(&s) != 0) return -1;
  mf->nhits = 0;
  for (uint64_t b = (uint64_t)16 << 10; b <= top && b <= size && mf->nhits < OLI_MACHINE_MAX_HITS; b *= 4) {
    double ns = gather_hit_ns(buf, (size_t)(b / sizeof(double)), &s, passes);
    uint64_t ps = ns * 1e3 < 1 ? 1 : (uint64_t)(ns * 1e3 + 0.5);
    mf->hits[mf->nhits].bytes = b, mf->hits[mf->nhits++].gather_ps = ps;
    step("caches: a gathered hit over %" PRIu64 " KiB, 1 thread: %" PRIu64 " ps", b >> 10, ps);
  }
  streams_put(&s);
  return 0;
}

/* Bytes the caches serve one thread: the gather time's loop (gather_hit_ns)
 * over x of 256 KiB, then x sqrt(2) at a time up to half the buffer, against
 * the loop over the whole buffer (`whole`, ns: gather_time_ps's figure); at size s the share of its
 * gathered reads the caches serve is h = (whole - g(s)) / (whole - g(256 KiB)),
 * so they hold about h x s of it; the most over the sizes where h >= 1/2
 * (beyond, the loop slows further with the page walks of a larger buffer -
 * nested ones in a VM - which h would take for cache hits); the sweep ends
 * where h falls below 1/4. A gather, not a chase: the planner gives this
 * capacity to gathered objects, and in a last-level cache shared with other
 * programs a loop's share grows with the rate it touches its lines - a chase,
 * one load in flight, holds less than a gather loop with many (on this
 * project's VM: 4.3-8.5 MiB by the chase in three calibrations a minute apart,
 * 8.0-9.0 MiB by this loop in six of the next quarter-hour; docs/machine.md).
 * What other programs' data takes of a shared cache is not ours, and not
 * counted. 0 without memory for the streams. */
static uint64_t cache_capacity(void *buf, size_t size, double whole, int passes) {
  gather_streams_t s;
  if (whole <= 0 || streams_get(&s) != 0) return 0;
  double g0 = 0;
  uint64_t best = 0;
  for (double sz = 256 << 10; sz <= (double)size / 2; sz *= 1.41421356) {
    size_t b = (size_t)sz / 64 * 64;
    double g = gather_hit_ns(buf, b / sizeof(double), &s, passes);
    if (g0 == 0) g0 = g;
    double h = whole > g0 ? (whole - g) / (whole - g0) : 0;
    h = h < 0 ? 0 : h > 1 ? 1 : h;
    step("caches: a gathered read over %zu KiB: %.2f ns, %.0f%% from the caches", b >> 10, g, 100 * h);
    if (h >= 0.5 && h * (double)b > (double)best) best = (uint64_t)(h * (double)b);
    if (h < 0.25) break;
  }
  streams_put(&s);
  return best;
}

/* What a cache hit costs a thread, over CACHE_PROBE bytes (beyond the first
 * level, within the second of any current server core): *gather_ps the
 * hit curve's figure there (cache_gather_curve: its last point up to it; 0
 * without a curve), *chase_ps the chase's ps per dependent load (a random cycle
 * through the same bytes: each address is the value the load before read),
 * *read_bw the MB/s of the streamed read loop (one thread, best of passes,
 * each pass many sweeps of the buffer). */
#define CACHE_PROBE ((size_t)256 << 10)
#define CACHE_SWEEPS 256 /* walks of the probe per pass: about a millisecond */
static void cache_hit_cost(void *buf, int passes, const oli_machine_t *curve, uint64_t *gather_ps,
                           uint64_t *chase_ps, uint64_t *read_bw) {
  if (passes < 3) passes = 3; /* the first walk only fills the caches */
  *gather_ps = 0; /* the curve's last point up to the probe; not measured without a curve */
  for (uint32_t k = 0; k < curve->nhits; k++)
    if (curve->hits[k].bytes <= CACHE_PROBE) *gather_ps = curve->hits[k].gather_ps;
  *chase_ps = 0;
  if (build_chase(buf, CACHE_PROBE) == 0) {
    double c = chase_load_s(buf, CACHE_PROBE / LINE * CACHE_SWEEPS, passes) * 1e12;
    *chase_ps = c < 1 ? 1 : (uint64_t)(c + 0.5);
  }
  const uint64_t *w = buf;
  size_t words = CACHE_PROBE / 8, sweeps = CACHE_SWEEPS;
  double best = 1e300;
  uint64_t sink = 0;
  for (int k = 0; k < passes; k++) {
    double t0 = thread_cpu();
    for (size_t i = 0; i < sweeps; i++) sink += sum_words(w, words);
    double dt = thread_cpu() - t0;
    if (dt < best) best = dt;
  }
  static volatile uint64_t keep;
  keep = sink;
  (void)keep;
  *read_bw = best > 0 ? (uint64_t)((double)CACHE_PROBE * (double)sweeps / best / 1e6 + 0.5) : 0;
  if (*read_bw == 0) *read_bw = 1;
}

/* ---- operations ------------------------------------------------------------ */

/* ps per operation a thread issues on independent work (the planner's
 * compute time per profiled operation): a loop of 15 instructions per
 * iteration, the mix of an optimised loop's body - four integer adds, six
 * floating-point adds on six accumulators (each waits only on its own add of
 * the iteration before), two loads and a store on a line the first level
 * holds, the loop's decrement and branch - in assembly, so that no compiler
 * changes its count. x86-64 only; elsewhere 0 (no compute term). Best of
 * passes, thread CPU time; the thread's own line. */
#define OP_LOOP_OPS 15
#define OP_LOOP_ITERS 4000000u /* about 3 ms a pass on a current core */
typedef struct op_thread_s {
  pthread_t tid;
  int cpu, passes;
  pthread_barrier_t *start;
  uint64_t ps;
  uint64_t line[8] __attribute__((aligned(64)));
} op_thread_t;

static void *op_loop(void *arg) {
  op_thread_t *o = arg;
  pin(o->cpu);
  pthread_barrier_wait(o->start); /* all of them at once */
  o->ps = 0;
#if defined(__x86_64__)
  uint64_t *line = o->line;
  double best = 1e300;
  for (int k = 0; k < o->passes; k++) {
    uint64_t n = OP_LOOP_ITERS;
    double t0 = thread_cpu();
    __asm__ volatile("xorpd %%xmm0, %%xmm0\n\txorpd %%xmm1, %%xmm1\n\txorpd %%xmm2, %%xmm2\n\t"
                     "xorpd %%xmm3, %%xmm3\n\txorpd %%xmm4, %%xmm4\n\txorpd %%xmm5, %%xmm5\n\t"
                     "xorpd %%xmm6, %%xmm6\n\t"
                     ".p2align 6\n" /* the loop on a line of its own: its speed not the link's accident */
                     "1:\n\t"
                     "add $1, %%r8\n\tadd $1, %%r9\n\tadd $1, %%r10\n\tadd $1, %%r11\n\t"
                     "addsd %%xmm6, %%xmm0\n\taddsd %%xmm6, %%xmm1\n\taddsd %%xmm6, %%xmm2\n\t"
                     "addsd %%xmm6, %%xmm3\n\taddsd %%xmm6, %%xmm4\n\taddsd %%xmm6, %%xmm5\n\t"
                     "mov (%1), %%rax\n\tmov 8(%1), %%rdx\n\tmov %%r8, 16(%1)\n\t"
                     "dec %0\n\tjnz 1b\n\t"
                     : "+c"(n)
                     : "r"(line)
                     : "rax", "rdx", "r8", "r9", "r10", "r11", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
                       "xmm6", "memory", "cc");
    double dt = thread_cpu() - t0;
    if (dt < best) best = dt;
  }
  double ps = best * 1e12 / ((double)OP_LOOP_ITERS * OP_LOOP_OPS);
  o->ps = ps < 1 ? 1 : (uint64_t)(ps + 0.5);
#endif
  return NULL;
}

/* The loop on t threads on cpus[0..t) at once: the slowest thread's ps per
 * operation (0: not measured on this architecture). */
static uint64_t op_cost_ps(const int *cpus, int t, int passes) {
  static op_thread_t o[MAX_CPUS];
  pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, (unsigned)t);
  for (int i = 0; i < t; i++) {
    o[i].cpu = cpus[i], o[i].passes = passes < 3 ? 3 : passes, o[i].start = &start;
    pthread_create(&o[i].tid, NULL, op_loop, &o[i]);
  }
  uint64_t worst = 0;
  for (int i = 0; i < t; i++) {
    pthread_join(o[i].tid, NULL);
    if (o[i].ps > worst) worst = o[i].ps;
  }
  pthread_barrier_destroy(&start);
  return worst;
}

/* ---- one measurement ----------------------------------------------------- */

/* Progress on stderr, one line per step of a pair: what was measured, its
 * figure and the seconds since calibrate started (a run takes seconds to
 * minutes, and the table comes only at the end). */
static double started;
static void step(const char *fmt, ...) {
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  fprintf(stderr, "oli: calibrate:   %s (%.1f s)\n", what, now() - started);
}

static int measure(int from, int to, size_t size, int passes, oli_machine_row_t *row, oli_machine_t *mf) {
  uint64_t *cache = mf ? &mf->cache_bytes : NULL;
  double slope = 0; /* miss_slope_ns: measured with the caches' figures, made a window after the loaded latency */
  node_t *f = &nodes[from];
  char why[256];
  if (nodes[to].free_bytes && size > nodes[to].free_bytes / 2) {
    size_t s = (size_t)(nodes[to].free_bytes / 2) & ~(size_t)(LINE - 1);
    if (s < MIN_BUFFER) {
      cli_error("calibrate: node %d has %" PRIu64 " MiB free, too little to measure", to,
                nodes[to].free_bytes >> 20);
      return -1;
    }
    cli_warning("calibrate: node %d has %" PRIu64 " MiB free: measuring it with %zu MiB", to,
                nodes[to].free_bytes >> 20, s >> 20);
    size = s;
  }
  pin(f->cpu[0]);
  void *buf = node_buffer(to, size, why, sizeof why);
  if (buf == NULL) {
    cli_error("calibrate: node %d: %s", to, why);
    return -1;
  }
  memset(row, 0, sizeof *row);
  row->from = from;
  row->to = to;
  snprintf(row->kind, sizeof row->kind, "%s", oli_node_kind_name(nodes[to].ncpus ? OLI_NODE_DRAM : OLI_NODE_CXL));
  for (int t = 1;; t = t * 2 > f->ncpus ? f->ncpus : t * 2) {
    uint64_t bw = bandwidth(buf, size, f->cpu, t, passes, false);
    step("node %d from node %d: read bandwidth, %d thread%s: %" PRIu64 " MB/s", to, from, t, t == 1 ? "" : "s", bw);
    uint64_t tr = bandwidth(buf, size, f->cpu, t, passes, true);
    step("node %d from node %d: triad bandwidth, %d thread%s: %" PRIu64 " MB/s", to, from, t, t == 1 ? "" : "s", tr);
    if (row->nsweep < OLI_MACHINE_MAX_SWEEP) { /* a figure that could not be timed (0) is no point */
      if (bw) row->sweep[row->nsweep].threads = (uint32_t)t, row->sweep[row->nsweep++].read_bw = bw;
      if (tr) row->triad[row->ntriad].threads = (uint32_t)t, row->triad[row->ntriad++].triad_bw = tr;
    }
    if (bw > row->read_bw) row->read_bw = bw, row->threads = (uint32_t)t;
    if (t == f->ncpus) break;
  }
  if (row->read_bw == 0) row->read_bw = 1;
  if (build_chase(buf, size) == 0) {
    row->idle_lat = chase(buf, size, passes);
    step("node %d from node %d: idle latency: %" PRIu32 " ns", to, from, row->idle_lat);
  }
  row->gather_ps = gather_time_ps(buf, size, passes);
  row->gather_ns = row->gather_ps ? (row->gather_ps + 500) / 1000 : 0; /* for readers before gather_ps */
  if (row->gather_ps && row->gather_ns == 0) row->gather_ns = 1;
  step("node %d from node %d: gather, 1 thread: %.2f ns per gathered read (indices from memory)", to, from,
       row->gather_ps / 1e3);
  uint64_t cache_first = 0; /* the caches' first reading, when this pair measured them */
  double cache_at = 0;
  if (cache && *cache == 0 && from == to && row->idle_lat) {
    *cache = cache_first = cache_capacity(buf, size, row->gather_ps / 1e3, passes);
    cache_at = now();
    step("caches: about %" PRIu64 " KiB serve a thread of node %d", *cache >> 10, from);
    if (cache_gather_curve(buf, size, *cache, passes, mf) != 0)
      cli_warning("calibrate: no memory for the cache hit curve's streams: measured without it");
    cache_hit_cost(buf, passes, mf, &mf->cache_gather_ps, &mf->cache_chase_ps, &mf->cache_read_bw);
    step("caches: a hit over %zu KiB, 1 thread: %" PRIu64 " ps a gathered read, %" PRIu64 " ps a dependent load, %" PRIu64
         " MB/s streamed",
         CACHE_PROBE >> 10, mf->cache_gather_ps, mf->cache_chase_ps, mf->cache_read_bw);
    uint64_t llc = last_level_cache(), held = llc > *cache ? llc : *cache;
    if (size >= 4 * held) /* its loop must miss: over a buffer the caches hold, the work is all it waits for */
      slope = miss_slope_ns(buf, size, passes);
    for (int t = 1;; t = t * 2 > f->ncpus ? f->ncpus : t * 2) { /* as the bandwidth's sweep */
      uint64_t ps = op_cost_ps(f->cpu, t, passes);
      if (ps == 0) break;
      step("operations, %d thread%s: %" PRIu64 " ps each on independent work", t, t == 1 ? "" : "s at once", ps);
      if (t == 1) mf->op_ps = ps;
      if (mf->nops < OLI_MACHINE_MAX_SWEEP) mf->ops[mf->nops].threads = (uint32_t)t, mf->ops[mf->nops++].op_ps = ps;
      if (t == f->ncpus) break;
    }
    /* all of the node's CPUs at once slower than one: they share cores (SMT siblings, or a host's) */
    if (mf->nops > 1 && mf->ops[mf->nops - 1].op_ps > mf->op_ps + mf->op_ps / 4)
      cli_warning("calibrate: an operation took %" PRIu64 " ps with %" PRIu32 " threads at once, %" PRIu64
                  " with one: the node's CPUs share cores (SMT siblings, or a host's); oli plan's compute time at "
                  "that many threads follows this loop, which keeps a core's ports busy, and a program's loops "
                  "may lose less (docs/benchmarks.md, Run AB)",
                  mf->ops[mf->nops - 1].op_ps, mf->ops[mf->nops - 1].threads, mf->op_ps);
  }
  if (f->ncpus > 1) {
    row->loaded_lat = loaded_chase(buf, size, f->cpu, f->ncpus, passes);
    step("node %d from node %d: loaded latency (%d CPU%s streaming): %" PRIu32 " ns", to, from, f->ncpus - 1,
         f->ncpus == 2 ? "" : "s", row->loaded_lat);
  }
  if (cache_first) { /* again, seconds later: what other programs take of a shared cache moves */
    uint64_t again = cache_capacity(buf, size, row->gather_ps / 1e3, passes), lo = again < cache_first ? again : cache_first,
             hi = again < cache_first ? cache_first : again;
    step("caches: about %" PRIu64 " KiB serve a thread of node %d, again", again >> 10, from);
    if (again) {
      *cache = (cache_first + again) / 2; /* time is about linear in the share the caches serve: the mean */
      if (hi - lo > lo / 4)
        cli_warning("calibrate: the caches served a thread %" PRIu64 " KiB, then %" PRIu64 " KiB %.0f s later: other "
                    "programs share the last-level cache, and oli plan's cache term follows this figure; the file "
                    "keeps the mean (%" PRIu64 " KiB): calibrate on a quiet machine, or compare calibrations",
                    cache_first >> 10, again >> 10, now() - cache_at, *cache >> 10);
    }
  }
  if (slope > 0) { /* the window in the latency oli plan takes: the loaded one, never below the idle one */
    double lat = row->loaded_lat > row->idle_lat ? row->loaded_lat : row->idle_lat, w = lat / slope;
    mf->miss_window = w < 1 ? 1 : w > 1000000 ? 1000000 : (uint64_t)(w + 0.5);
    step("core: about %" PRIu64 " operations in flight while a miss is out (%.2f ns a miss per operation of work)",
         mf->miss_window, slope);
  }
  munmap(buf, size);
  return 0;
}

/* ---- the table ------------------------------------------------------------ */

static void print_table(FILE *out, const oli_machine_t *m) {
  fprintf(out, "%-5s %-5s %-4s  %-28s %-28s %8s %10s %10s\n", "FROM", "NODE", "KIND", "READ MB/s (threads: MB/s)",
          "TRIAD MB/s (threads: MB/s)", "IDLE ns", "LOADED ns", "GATHER ns");
  for (size_t i = 0; i < m->n; i++) {
    const oli_machine_row_t *r = &m->rows[i];
    char sweep[200] = "", triad[200] = "-", idle[16] = "-", loaded[16] = "-", gather[16] = "-";
    size_t k = 0;
    for (uint32_t j = 0; j < r->nsweep && k < sizeof sweep; j++)
      k += (size_t)snprintf(sweep + k, sizeof sweep - k, "%s%u: %" PRIu64, j ? ", " : " (", r->sweep[j].threads,
                            r->sweep[j].read_bw);
    if (r->nsweep && k < sizeof sweep) snprintf(sweep + k, sizeof sweep - k, ")");
    uint64_t best = 0; /* the triad's best, then its sweep, as the read's */
    for (uint32_t j = 0; j < r->ntriad; j++)
      if (r->triad[j].triad_bw > best) best = r->triad[j].triad_bw;
    k = r->ntriad ? (size_t)snprintf(triad, sizeof triad, "%" PRIu64, best) : 0;
    for (uint32_t j = 0; j < r->ntriad && k < sizeof triad; j++)
      k += (size_t)snprintf(triad + k, sizeof triad - k, "%s%u: %" PRIu64, j ? ", " : " (", r->triad[j].threads,
                            r->triad[j].triad_bw);
    if (r->ntriad && k < sizeof triad) snprintf(triad + k, sizeof triad - k, ")");
    if (r->idle_lat) snprintf(idle, sizeof idle, "%u", r->idle_lat);
    if (r->loaded_lat) snprintf(loaded, sizeof loaded, "%u", r->loaded_lat);
    if (r->gather_ps) snprintf(gather, sizeof gather, "%.2f", r->gather_ps / 1e3);
    else if (r->gather_ns) snprintf(gather, sizeof gather, "%u", r->gather_ns);
    char bw[240];
    snprintf(bw, sizeof bw, "%" PRIu64 "%s", r->read_bw, sweep);
    fprintf(out, "%-5d %-5d %-4s  %-28s %-28s %8s %10s %10s\n", r->from, r->to, r->kind[0] ? r->kind : "-", bw, triad,
            idle, loaded, gather);
  }
  if (m->cache_bytes) fprintf(out, "caches: about %" PRIu64 " KiB serve one thread (measured)\n", m->cache_bytes >> 10);
  if (m->cache_gather_ps && m->cache_chase_ps)
    fprintf(out, "cache hit: %.2f ns a gathered read, %.2f ns a dependent load, %" PRIu64
                 " MB/s streamed (one thread, measured)\n",
            (double)m->cache_gather_ps / 1e3, (double)m->cache_chase_ps / 1e3, m->cache_read_bw);
  else if (m->cache_gather_ps)
    fprintf(out, "cache hit: %.2f ns a gathered read, %" PRIu64 " MB/s streamed (one thread, measured)\n",
            (double)m->cache_gather_ps / 1e3, m->cache_read_bw);
  if (m->op_ps) {
    fprintf(out, "operations: %.3f ns each, one thread on independent work", (double)m->op_ps / 1e3);
    for (uint32_t k = 0; k < m->nops; k++)
      fprintf(out, "%s%" PRIu32 ": %.3f ns", k ? ", " : " (threads at once: ", m->ops[k].threads, (double)m->ops[k].op_ps / 1e3);
    fprintf(out, "%s (measured)\n", m->nops ? ")" : "");
  }
  if (m->miss_window)
    fprintf(out, "core: about %" PRIu64 " operations in flight while a miss is out (measured)\n", m->miss_window);
  if (m->nhits) {
    fprintf(out, "gathered hit by buffer size:");
    for (uint32_t k = 0; k < m->nhits; k++)
      fprintf(out, "%s %" PRIu64 " KiB %.2f ns", k ? "," : "", m->hits[k].bytes >> 10, (double)m->hits[k].gather_ps / 1e3);
    fprintf(out, " (one thread, measured)\n");
  }
  /* the ratio the runtime takes: local DRAM (the measuring node) : each CPU-less node */
  int cxl = 0;
  for (size_t i = 0; i < m->n; i++) {
    const oli_machine_row_t *d = oli_machine_find(m, m->rows[i].from, m->rows[i].from), *c = &m->rows[i];
    if (d == NULL || strcmp(c->kind, oli_node_kind_name(OLI_NODE_CXL)) != 0) continue;
    uint32_t wd, wc;
    oli_ratio_reduce(d->read_bw, c->read_bw, &wd, &wc);
    fprintf(out, "interleave weights from node %d, local DRAM %d : node %d = %u:%u (%" PRIu64 " : %" PRIu64 " MB/s)\n",
            d->from, d->to, c->to, wd, wc, d->read_bw, c->read_bw);
    cxl++;
  }
  if (!cxl)
    fprintf(out, "no CXL node measured (no node with memory and no CPUs): no interleave weights; oli plan "
                 "models CXL with built-in figures\n");
}

static int show(const char *path) {
  static oli_machine_t m;
  char why[256];
  if (oli_machine_load(path, NULL, &m, why, sizeof why) != 0) {
    cli_error("calibrate: --show %s: %s", cli_shown(path), why);
    return OLI_EXIT_BAD;
  }
  printf("oli-machine %s%s%s, %zu measurement%s\n", path, m.host[0] ? ", measured on " : "", m.host, m.n,
         m.n == 1 ? "" : "s");
  print_table(stdout, &m);
  bool own = false; /* what oli plan needs: a node's own memory, its local DRAM */
  for (size_t i = 0; i < m.n; i++) own |= m.rows[i].from == m.rows[i].to;
  if (!own)
    cli_warning("calibrate: %s has no measurement of a node's own memory (from == to): oli plan cannot model "
                "local DRAM from it; measure with oli calibrate -o FILE",
                cli_shown(path));
  return OLI_EXIT_OK;
}

int cli_calibrate_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"output", required_argument, NULL, 'o'}, {"from", required_argument, NULL, 'f'},
      {"nodes", required_argument, NULL, 'n'},  {"size", required_argument, NULL, 's'},
      {"repeat", required_argument, NULL, 'r'}, {"show", required_argument, NULL, 'S'},
      {"sysfs-root", required_argument, NULL, 'R'}, /* tests */
      {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
  };
  const char *out_path = NULL, *from_s = NULL, *nodes_s = NULL, *show_path = NULL;
  uint64_t size = DEFAULT_BUFFER;
  long passes = 5;
  char *end;
  int c;
  optind = 1;
  while ((c = cli_getopt("calibrate", argc, argv, "o:f:n:s:r:h", opts)) != -1) {
    switch (c) {
    case 'o': out_path = optarg; break;
    case 'f': from_s = optarg; break;
    case 'n': nodes_s = optarg; break;
    case 'S': show_path = optarg; break;
    case 'R': snprintf(sysfs, sizeof sysfs, "%s/sys/devices/system/node", optarg); break;
    case 's':
      if (oli_parse_size(optarg, &size) != 0 || size < MIN_BUFFER || size > (1ull << 40)) {
        cli_error("calibrate: --size '%s' is not a size from 4M to 1T (bytes, or 64M, 1G)", cli_shown(optarg));
        return OLI_EXIT_BAD;
      }
      break;
    case 'r':
      passes = strtol(optarg, &end, 10);
      if (end == optarg || *end || passes < 1 || passes > 1000) {
        cli_error("calibrate: --repeat '%s' is not a whole number 1-1000", cli_shown(optarg));
        return OLI_EXIT_BAD;
      }
      break;
    case 'h': usage(stdout); return OLI_EXIT_OK;
    default: return OLI_EXIT_BAD; /* cli_getopt said why */
    }
  }
  if (optind != argc) {
    cli_error("calibrate: unexpected argument '%s'; try 'oli calibrate --help'", cli_shown(argv[optind]));
    return OLI_EXIT_BAD;
  }
  if (show_path) return show(show_path);
  if (read_nodes() != 0) {
    cli_error("calibrate: %s/has_memory is not a node list", cli_shown(sysfs));
    return OLI_EXIT_BAD;
  }
  unsigned char from[MAX_NODES], to[MAX_NODES];
  int here = node_of_cpu(sched_getcpu());
  if (from_s == NULL || strcmp(from_s, "all") == 0) {
    for (int i = 0; i < MAX_NODES; i++) from[i] = from_s ? nodes[i].ncpus > 0 : i == (here < 0 ? 0 : here);
  } else if (parse_list(from_s, from, MAX_NODES) != 0) {
    cli_error("calibrate: --from '%s' is not a node list (0,1 or 0-3) or 'all'", cli_shown(from_s));
    return OLI_EXIT_BAD;
  }
  if (nodes_s == NULL) {
    for (int i = 0; i < MAX_NODES; i++) to[i] = (unsigned char)nodes[i].memory;
  } else if (parse_list(nodes_s, to, MAX_NODES) != 0) {
    cli_error("calibrate: --nodes '%s' is not a node list (0,2 or 0-3)", cli_shown(nodes_s));
    return OLI_EXIT_BAD;
  }
  for (int i = 0; i < MAX_NODES; i++) {
    if (from[i] && nodes[i].ncpus == 0) {
      cli_error("calibrate: --from: node %d has no CPUs to measure from", i);
      return OLI_EXIT_BAD;
    }
    if (to[i] && !nodes[i].memory) {
      cli_error("calibrate: --nodes: node %d has no memory", i);
      return OLI_EXIT_BAD;
    }
  }
  oli_outfile_t o;
  char why[256];
  if (out_path) { /* a destination that cannot be written is bad input: said before measuring, not after */
    if (oli_outfile_open(&o, out_path, 0, why, sizeof why) != 0) {
      cli_error("calibrate: cannot write '%s': %s", cli_shown(out_path), why);
      return OLI_EXIT_BAD;
    }
    oli_outfile_abort(&o);
  }
  uint64_t llc = last_level_cache();
  if (llc && size < 4 * llc)
    cli_warning("calibrate: a %" PRIu64 " MiB buffer is smaller than 4x the last-level cache (%" PRIu64
                " MiB): the figures are partly the cache's; keep --size above %" PRIu64 " MiB",
                size >> 20, llc >> 20, (4 * llc) >> 20);
  static oli_machine_t m;
  memset(&m, 0, offsetof(oli_machine_t, rows));
  gethostname(m.host, sizeof m.host - 1);
  m.buffer_bytes = size;
  int pairs = 0;
  for (int f = 0; f < MAX_NODES; f++)
    for (int t = 0; from[f] && t < MAX_NODES; t++) pairs += to[t] != 0;
  if (pairs > OLI_MACHINE_MAX_ROWS) pairs = OLI_MACHINE_MAX_ROWS;
  started = now();
  for (int f = 0; f < MAX_NODES; f++)
    for (int t = 0; f < MAX_NODES && from[f] && t < MAX_NODES; t++) {
      if (!to[t]) continue;
      if (m.n == OLI_MACHINE_MAX_ROWS) break;
      char left[64] = "";
      if (m.n > 0) /* the pairs measured so far: about as long each */
        snprintf(left, sizeof left, ", about %.0f s left", (now() - started) / (double)m.n * (double)(pairs - (int)m.n));
      fprintf(stderr, "oli: calibrate: [%zu/%d] node %d from node %d (%d CPU%s, %" PRIu64 " MiB, best of %ld%s)\n",
              m.n + 1, pairs, t, f, nodes[f].ncpus, nodes[f].ncpus == 1 ? "" : "s", size >> 20, passes, left);
      if (measure(f, t, (size_t)size, (int)passes, &m.rows[m.n], &m) != 0) return 1;
      m.n++;
    }
  fprintf(stderr, "oli: calibrate: %zu pair%s measured in %.1f s\n", m.n, m.n == 1 ? "" : "s", now() - started);
  print_table(stdout, &m);
  if (out_path == NULL) return OLI_EXIT_OK;
  if (oli_outfile_open(&o, out_path, 0, why, sizeof why) != 0) {
    cli_error("calibrate: cannot write '%s': %s", cli_shown(out_path), why);
    return OLI_EXIT_BAD;
  }
  if (oli_machine_write(o.f, &m, "oli calibrate " OLI_VERSION_STRING) != 0) {
    oli_outfile_abort(&o);
    cli_error("calibrate: cannot write '%s': %s", cli_shown(out_path), strerror(errno));
    return OLI_EXIT_BAD;
  }
  if (oli_outfile_commit(&o, why, sizeof why) != 0) {
    cli_error("calibrate: cannot write '%s': %s", cli_shown(out_path), why);
    return OLI_EXIT_BAD;
  }
  fprintf(stderr, "oli: machine file -> %s (use it with OLI_MACHINE=%s)\n", cli_shown(out_path), cli_shown(out_path));
  return OLI_EXIT_OK;
}
