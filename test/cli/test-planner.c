/* test/cli/test-planner.c - the knapsack behind `oli plan`: budget to the
 * byte, exact optimum against brute force, time from traffic in seconds,
 * the study's two regimes (DRAM far from saturated, saturated). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "planner.h"
#include "testhelper.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) { /* xorshift64*, fixed seed: reproducible */
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 0x2545f4914f6cdd1dull;
}

static const oli_plan_opt_t OPTS[] = {{{1, 0, 0}}, {{0, 1, 0}}, {{3, 1, 0}}, {{1, 1, 0}}, {{1, 3, 0}}};
#define NOPTS 5

/* Minimum cost over all choices with DRAM <= budget, by enumeration. */
static double brute(const oli_plan_model_t *m, oli_plan_obj_t *x, size_t n, uint64_t budget) {
  size_t total = 1;
  for (size_t i = 0; i < n; i++) total *= NOPTS;
  double best = INFINITY;
  for (size_t code = 0; code < total; code++) {
    size_t c = code;
    unsigned __int128 dram = 0;
    double cost = 0;
    for (size_t i = 0; i < n; i++, c /= NOPTS) {
      dram += oli_plan_dram_bytes(x[i].bytes, &OPTS[c % NOPTS]);
      cost += oli_plan_cost(m, &x[i], &OPTS[c % NOPTS]);
    }
    if (dram <= budget && cost < best) best = cost;
  }
  return best;
}

static int is(const oli_plan_obj_t *x, const oli_plan_opt_t *o) {
  return memcmp(&OPTS[x->choice], o, sizeof *o) == 0;
}

int main(void) {
  oli_plan_model_t m;
  oli_plan_result_t res;
  oli_plan_obj_t x[600];
  char name[128];

  /* dram bytes of a ratio: rounded up */
  CHECK_EQ("3:1 of 10 bytes", oli_plan_dram_bytes(10, &OPTS[2]), 8);
  CHECK_EQ("cxl uses no DRAM", oli_plan_dram_bytes(12345, &OPTS[1]), 0);
  CHECK_EQ("dram uses all", oli_plan_dram_bytes(UINT64_MAX, &OPTS[0]), UINT64_MAX);

  /* 1. exact == brute force on small random instances; budget to the byte */
  int mismatches = 0, over = 0;
  for (int inst = 0; inst < 400; inst++) {
    oli_plan_model_default(&m, 1);
    size_t n = 1 + rnd() % 6;
    uint64_t total = 0, acc = 0;
    for (size_t i = 0; i < n; i++) {
      memset(&x[i], 0, sizeof x[i]);
      x[i].bytes = 1 + rnd() % 1000000007ull;
      x[i].accesses = (rnd() % 4 == 0) ? 0 : rnd() % 100000000ull;
      total += x[i].bytes;
      acc += x[i].accesses;
    }
    m.footprint = total;
    m.hot = (double)acc / (double)total;
    uint64_t budget = rnd() % (total + 1);
    if (oli_plan_solve(&m, x, n, OPTS, NOPTS, budget, 64, &res) != 0) { mismatches++; continue; }
    uint64_t used = 0;
    double cost = 0;
    for (size_t i = 0; i < n; i++) {
      used += oli_plan_dram_bytes(x[i].bytes, &OPTS[x[i].choice]);
      cost += oli_plan_cost(&m, &x[i], &OPTS[x[i].choice]);
    }
    double want = brute(&m, x, n, budget);
    if (used > budget || res.dram != used) over++;
    if (!res.exact || fabs(cost - want) > 1e-9 * (fabs(want) + 1)) {
      mismatches++;
      if (mismatches < 4) fprintf(stderr, "     instance %d: n=%zu cost %.17g brute %.17g\n", inst, n, cost, want);
    }
  }
  CHECK_EQ("400 random instances: exact optimum equals brute force", mismatches, 0);
  CHECK_EQ("400 random instances: DRAM bytes <= budget", over, 0);

  /* 2. budget to the byte: a budget equal to an achievable total is used fully */
  oli_plan_model_default(&m, 1);
  for (int i = 0; i < 3; i++) {
    memset(&x[i], 0, sizeof x[i]);
    x[i].bytes = 1000003 + (uint64_t)i; /* odd sizes */
    x[i].accesses = 1000000;            /* all equally hot, none large enough to be bw-bound */
  }
  m.footprint = 100 * 3000009ull;
  m.hot = 0;
  uint64_t budget = x[0].bytes + x[1].bytes; /* exactly two fit on DRAM */
  oli_plan_solve(&m, x, 3, OPTS, NOPTS, budget, 64, &res);
  CHECK_EQ("budget met to the byte: two of three on DRAM", res.dram, budget);
  oli_plan_solve(&m, x, 3, OPTS, NOPTS, budget - 1, 64, &res);
  CHECK("one byte less: never over", res.dram <= budget - 1);
  CHECK("one byte less: not both on DRAM", !(is(&x[0], &OPTS[0]) && is(&x[1], &OPTS[0])));

  /* 3. time from traffic, seconds: streamed bytes at the tier's bandwidth at
   * the thread count; a gather at its loaded latency over the misses in flight */
  oli_plan_model_default(&m, 1);
  memset(&x[0], 0, sizeof x[0]);
  x[0].bytes = 1u << 30;
  x[0].accesses = 1000000000; /* 8 GB streamed */
  CHECK("streamed, 1 thread: 8e9 B / 10000 MB/s = 0.8 s",
        fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 0.8) < 1e-9);
  oli_plan_model_default(&m, 2);
  CHECK("streamed, 2 threads: 8e9 B / 20000 MB/s = 0.4 s",
        fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 0.4) < 1e-9);
  oli_plan_model_default(&m, 8);
  CHECK("streamed, 8 threads: DRAM saturated at 30000 MB/s",
        fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 8e9 / 30000e6) < 1e-9);
  x[0].latency = 1;
  x[0].accesses = 100000000;
  oli_plan_model_default(&m, 1);
  CHECK("gather, 1 thread: 1e8 misses x 100 ns / 10 in flight = 1 s",
        fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 1.0) < 1e-9);
  CHECK("gather on CXL: 280 ns each", fabs(oli_plan_time(&m, &x[0], &OPTS[1]) - 2.8) < 1e-9);

  /* 3b. the caches (oli_plan_cache): D_i = sum_j bytes_j min(1, p_j / p_i)
   * distinct bytes between two uses of object i (p: accesses per byte) */
  uint64_t MiB = 1u << 20;
  oli_plan_model_default(&m, 1);
  m.hit_ns = 0, m.cache_bw = 0; /* the memory terms alone here; the hits' time: 3c */
  for (int i = 0; i < 3; i++) { /* a triad: three equal streams, one pass each time */
    memset(&x[i], 0, sizeof x[i]);
    x[i].bytes = 32 * MiB;
    x[i].accesses = 20 * 4 * MiB;
    x[i].cached = 0.5; /* stale: oli_plan_cache sets every object */
  }
  oli_plan_cache(&m, x, 3);
  CHECK("no cache_bytes: nothing cached", x[0].cached == 0 && x[1].cached == 0 && x[2].cached == 0);
  m.cache_bytes = 95 * MiB;
  oli_plan_cache(&m, x, 3);
  CHECK("three equal 32 MiB streams, 95 MiB of cache: none cached (D = 96 MiB)",
        x[0].cached == 0 && x[1].cached == 0 && x[2].cached == 0);
  m.cache_bytes = 96 * MiB;
  oli_plan_cache(&m, x, 3);
  CHECK("three equal 32 MiB streams, 96 MiB of cache: all cached", x[0].cached == 1 && x[1].cached == 1 && x[2].cached == 1);
  CHECK_EQ("cached stream: misses are its bytes once (8-byte units)", (uint64_t)oli_plan_misses(&m, &x[0]), 4 * MiB);
  CHECK("cached stream: traffic its bytes once", fabs(oli_plan_traffic(&m, &x[0]) - 32.0 * MiB) < 1e-6);
  /* a CG: a 1 MiB vector used 100 times per byte beside a 36 MiB matrix streamed once */
  memset(&x[0], 0, sizeof x[0]);
  x[0].bytes = MiB, x[0].accesses = 100 * MiB;
  memset(&x[1], 0, sizeof x[1]);
  x[1].bytes = 36 * MiB, x[1].accesses = 36 * MiB / 8;
  m.cache_bytes = 1.05 * MiB; /* D_vector = 1 MiB + 36 MiB / 8 / 100 = 1.045 MiB */
  oli_plan_cache(&m, x, 2);
  CHECK("vector beside a matrix: the vector cached, the matrix not", x[0].cached == 1 && x[1].cached == 0);
  m.cache_bytes = 1.04 * MiB;
  oli_plan_cache(&m, x, 2);
  CHECK("vector beside a matrix, 1.04 MiB: the matrix's share of its reuse distance counts", x[0].cached == 0);
  CHECK("uncached stream: every access", fabs(oli_plan_misses(&m, &x[1]) - 36.0 * MiB / 8) < 1e-6);
  /* the same vector gathered: each of its 8-byte units a visit of its own line,
   * so its lines come back 8 times as often: D = 1 MiB + 36 MiB / 8 / 100 / 8 */
  x[0].latency = 1;
  m.cache_bytes = 1.006 * MiB;
  oli_plan_cache(&m, x, 2);
  CHECK("gathered vector beside a matrix, 1.006 MiB: cached whole (its lines reused 8 times as often as its units)",
        x[0].cached == 1);
  m.cache_bytes = 1.005 * MiB;
  oli_plan_cache(&m, x, 2);
  CHECK("gathered vector, 1.005 MiB: the matrix's share of the line's reuse distance counts", x[0].cached < 1);
  /* a gather beside a stream: its share beside the others' */
  memset(&x[0], 0, sizeof x[0]);
  x[0].bytes = 64 * MiB, x[0].accesses = 64 * MiB, x[0].latency = 1; /* p = 1 */
  memset(&x[1], 0, sizeof x[1]);
  x[1].bytes = 16 * MiB, x[1].accesses = 4 * MiB;                   /* p = 0.25 */
  m.cache_bytes = 32 * MiB;
  oli_plan_cache(&m, x, 2);
  /* D_gather = 64 MiB + 16 MiB x 0.25 / (1 x 64 / 8) = 64.5 MiB: (32 - 0.5) / 64 of it hits */
  CHECK("gather beside a stream: 0.4921875 cached", fabs(x[0].cached - 0.4921875) < 1e-12);
  CHECK("the stream (D = 80 MiB) not cached", x[1].cached == 0);
  /* misses: 0.5078125 x 64 Mi + 0.4921875 x 1 Mi lines once = 34594816 */
  CHECK("gather misses: uncached share's accesses plus the cached share's lines once",
        fabs(oli_plan_misses(&m, &x[0]) - 34594816.0) < 1e-6);
  CHECK("gather traffic: a line per miss", fabs(oli_plan_traffic(&m, &x[0]) - 34594816.0 * 64) < 1e-3);
  CHECK("gather, no gather_ns: misses x 100 ns / 10 in flight",
        fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 34594816.0 * 10e-9) < 1e-9);
  m.gather_ns[0] = 50, m.gather_ns[1] = 150;
  CHECK("gather, measured 50 ns per miss per thread", fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 34594816.0 * 50e-9) < 1e-9);
  CHECK("gather on CXL: its own gather_ns", fabs(oli_plan_time(&m, &x[0], &OPTS[1]) - 34594816.0 * 150e-9) < 1e-9);
  CHECK("gather 3:1: the shares' gather times", fabs(oli_plan_time(&m, &x[0], &OPTS[2]) - 34594816.0 * 75e-9) < 1e-9);
  oli_plan_model_default(&m, 2);
  m.hit_ns = 0, m.cache_bw = 0;
  m.cache_bytes = 32 * MiB, m.gather_ns[0] = 50;
  oli_plan_cache(&m, x, 2);
  CHECK("gather, 2 threads: half the time", fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 34594816.0 * 25e-9) < 1e-9);
  x[0].latency = 0; /* as a stream it does not fit: D = 68 MiB > 32 MiB */
  oli_plan_cache(&m, x, 2);
  CHECK("the same object streamed: not cached", x[0].cached == 0);

  /* 3c. what the caches serve costs time: hits = accesses - misses, each
   * hit_ns when gathered, access_bytes at cache_bw MB/s when streamed, over
   * the threads, whatever the placement; the run takes the longer of its
   * memory time and its hits' time */
  oli_plan_model_default(&m, 1);
  CHECK("defaults: a hit costs the built-in figures", m.hit_ns == OLI_PLAN_HIT_NS && m.cache_bw == OLI_PLAN_CACHE_BW);
  m.cache_bytes = 96 * MiB, m.hit_ns = 2, m.cache_bw = 16000;
  for (int i = 0; i < 3; i++) { /* the triad again, cached: 80 Mi accesses, its 4 Mi units once from memory */
    memset(&x[i], 0, sizeof x[i]);
    x[i].bytes = 32 * MiB;
    x[i].accesses = 20 * 4 * MiB;
  }
  oli_plan_cache(&m, x, 3);
  /* 76 Mi hits x 8 bytes / 16000 MB/s = 76 x 1048576 x 0.5 ns */
  CHECK("cached stream: its hits at the cache's streamed bandwidth",
        fabs(oli_plan_hit_time(&m, &x[0]) - 76.0 * 1048576 * 0.5e-9) < 1e-12);
  /* memory: 32 MiB / 10000 MB/s (one thread of the defaults) */
  CHECK("cached stream: its memory time is the first touch's traffic, no hits in it",
        fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 32.0 * 1048576 / 10000e6) < 1e-12);
  CHECK("the run: the hits' time when longer", oli_plan_run_time(0.25, 0.5, 0) == 0.5);
  CHECK("the run: the memory time when longer", oli_plan_run_time(0.75, 0.5, 0.125) == 0.75);
  CHECK("the run: the compute time when longer", oli_plan_run_time(0.75, 0, 1.5) == 1.5);
  CHECK("the run: hits plus compute when longer, each shorter", oli_plan_run_time(0.5, 0.25, 0.375) == 0.625);
  /* compute: 6e9 operations at 0.06 ns, over the model's threads */
  CHECK("compute: no op_ns, no compute term", oli_plan_compute_time(&m, 6e9) == 0);
  m.op_ns = 0.06;
  double c1 = oli_plan_compute_time(&m, 6e9);
  CHECK("compute: operations x op_ns at one thread", fabs(c1 - 0.36) < 1e-12);
  m.threads = 2;
  CHECK("compute: shared among the threads", fabs(oli_plan_compute_time(&m, 6e9) - c1 / 2) < 1e-12);
  CHECK("compute: no operations, no compute term", oli_plan_compute_time(&m, 0) == 0);
  m.threads = 1, m.op_ns = 0;
  m.cache_bytes = 95 * MiB;
  oli_plan_cache(&m, x, 3);
  CHECK("uncached stream: no hits, no hit time", oli_plan_hit_time(&m, &x[0]) == 0);
  /* near accesses (the profile's near_accesses: lines another access of the
   * iteration brought) are hits at the streamed figure, never misses: a
   * 7-point stencil's u, 7 reads an element, 6 of them near, uncached */
  memset(&x[0], 0, sizeof x[0]);
  x[0].bytes = 32 * MiB, x[0].accesses = 7 * 4 * MiB, x[0].near = 6 * 4 * MiB;
  oli_plan_cache(&m, x, 1); /* 95 MiB of cache: D = 32 MiB, its visits one pass: cached */
  CHECK("stencil: its visits decide the caches (one pass of 32 MiB in 95 MiB: cached)", x[0].cached == 1);
  m.cache_bytes = 16 * MiB;
  oli_plan_cache(&m, x, 1);
  CHECK("stencil, 16 MiB of cache: not cached", x[0].cached == 0);
  CHECK_EQ("stencil: misses are its visits, one per element", (uint64_t)oli_plan_misses(&m, &x[0]), 4 * MiB);
  CHECK("stencil: traffic one pass", fabs(oli_plan_traffic(&m, &x[0]) - 32.0 * MiB) < 1e-6);
  /* 24 Mi near hits x 8 bytes / 16000 MB/s */
  CHECK("stencil: its near accesses at the cache's streamed bandwidth",
        fabs(oli_plan_hit_time(&m, &x[0]) - 24.0 * 1048576 * 0.5e-9) < 1e-12);
  /* a gather of 48-byte points: 12 accesses a lookup, 10 near, 2 lines */
  x[0].latency = 1, x[0].accesses = 12 * MiB, x[0].near = 10 * MiB;
  m.cache_bytes = 0;
  oli_plan_cache(&m, x, 1);
  CHECK_EQ("gathered points: a miss a leading access (a line)", (uint64_t)oli_plan_misses(&m, &x[0]), 2 * MiB);
  CHECK("gathered points: near hits at the streamed figure, the rest none (all missed)",
        fabs(oli_plan_hit_time(&m, &x[0]) - 10.0 * 1048576 * 0.5e-9) < 1e-12);
  x[0].near = 20 * MiB; /* more than its accesses (a merged profile gone wrong): all near, none missed */
  CHECK_EQ("near beyond the accesses: no visit, no miss", (uint64_t)oli_plan_misses(&m, &x[0]), 0);
  m.cache_bytes = 95 * MiB;
  memset(&x[0], 0, sizeof x[0]); /* the gather beside a stream of 3b: 0.4921875 cached */
  x[0].bytes = 64 * MiB, x[0].accesses = 64 * MiB, x[0].latency = 1;
  memset(&x[1], 0, sizeof x[1]);
  x[1].bytes = 16 * MiB, x[1].accesses = 4 * MiB;
  m.cache_bytes = 32 * MiB;
  oli_plan_cache(&m, x, 2);
  /* hits: 64 Mi - 34594816 = 32514048, 2 ns each */
  CHECK("gather: its hits at hit_ns each", fabs(oli_plan_hit_time(&m, &x[0]) - 32514048.0 * 2e-9) < 1e-12);
  CHECK("gather: its memory time is its misses' latency time",
        fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 34594816.0 * 10e-9) < 1e-12);
  res.hit_time = -1;
  CHECK("solve: the hits' time summed over the objects",
        oli_plan_solve(&m, x, 2, OPTS, NOPTS, UINT64_MAX, 128, &res) == 0 &&
            fabs(res.hit_time - (oli_plan_hit_time(&m, &x[0]) + oli_plan_hit_time(&m, &x[1]))) < 1e-15 &&
            res.hit_time > 0);
  m.threads = 2;
  CHECK("gather, 2 threads: each thread its half of the hits", fabs(oli_plan_hit_time(&m, &x[0]) - 32514048.0 * 1e-9) < 1e-12);
  m.threads = 1;
  /* a chained gather (a binary search): each hit waits for the load before it, chase_ns */
  CHECK("defaults: a chained hit costs the built-in figure", OLI_PLAN_CHASE_NS > OLI_PLAN_HIT_NS);
  m.chase_ns = 5;
  x[0].chained = 1;
  CHECK("chained gather: its hits at chase_ns each", fabs(oli_plan_hit_time(&m, &x[0]) - 32514048.0 * 5e-9) < 1e-12);
  CHECK("chained gather: its misses as any gather's",
        fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - 34594816.0 * 10e-9) < 1e-12);
  x[0].chained = 0;
  /* the work between a gather's misses (the profile's gather_ops per gathered
   * access): a core's window of W operations holds W / k misses of a loop of k
   * operations a miss, each then lat x k / W, never below the overlapped
   * figure nor above the latency */
  const double misses = 34594816.0, overlapped = misses * 10e-9;
  x[0].gather_ops = 50;
  CHECK("work, no window measured: the overlapped figure", fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - overlapped) < 1e-12);
  m.window = 100;
  CHECK("work 50, window 100: half the latency a miss",
        m.lat[0] * 0.5 > 10 && fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - misses * m.lat[0] * 0.5e-9) < 1e-9);
  x[0].gather_ops = 5; /* lat / 20: less than what the misses overlap */
  CHECK("little work: the overlapped figure", m.lat[0] / 20 < 10 && fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - overlapped) < 1e-12);
  x[0].gather_ops = 500;
  CHECK("more work than the window: the latency a miss", fabs(oli_plan_time(&m, &x[0], &OPTS[0]) - misses * m.lat[0] * 1e-9) < 1e-9);
  double stream_time = oli_plan_time(&m, &x[1], &OPTS[0]);
  x[1].gather_ops = 500; /* a stream: no misses to wait on */
  CHECK("work: a stream's time as before", oli_plan_time(&m, &x[1], &OPTS[0]) == stream_time);
  m.window = 0, x[0].gather_ops = x[1].gather_ops = 0;
  x[0].chained = 1;
  m.cache_bytes = 96 * MiB; /* the stream beside it cached too: hits of its own */
  oli_plan_cache(&m, x, 2);
  double streamed = oli_plan_hit_time(&m, &x[1]);
  x[1].chained = 1;
  CHECK("chained: a stream's hits are streamed whatever the flag",
        streamed > 0 && oli_plan_hit_time(&m, &x[1]) == streamed);
  m.cache_bytes = 32 * MiB;
  oli_plan_cache(&m, x, 2);
  x[0].chained = x[1].chained = 0;
  /* the measured hit curve: a gathered hit costs what a gather over a
   * buffer of the object's touched bytes costs (log-interpolated), the
   * first point below it and the last beyond */
  m.nhits = 3;
  m.hit_bytes[0] = 16 * 1024, m.hit_bytes[1] = 1 * MiB, m.hit_bytes[2] = 4 * MiB;
  m.hit_curve_ns[0] = 0.5, m.hit_curve_ns[1] = 2, m.hit_curve_ns[2] = 3;
  CHECK("curve: below its first point, the first", oli_plan_gather_hit_ns(&m, 8192) == 0.5);
  CHECK("curve: at a point, the point", oli_plan_gather_hit_ns(&m, 1 * MiB) == 2);
  CHECK("curve: between two, on log(bytes)", fabs(oli_plan_gather_hit_ns(&m, 2 * MiB) - 2.5) < 1e-12);
  CHECK("curve: beyond its last point, the last", oli_plan_gather_hit_ns(&m, 64 * MiB) == 3);
  CHECK("curve: the 64 MiB gather's hits at the last point",
        fabs(oli_plan_hit_time(&m, &x[0]) - 32514048.0 * 3e-9) < 1e-12);
  x[0].touched = 8 * 1024; /* an IS-like bucket table: 8 KiB of it used, served by the first level */
  oli_plan_cache(&m, x, 2);
  CHECK("curve: a gather of 8 KiB touched, its hits at the first point",
        oli_plan_hit_time(&m, &x[0]) > 0 &&
            fabs(oli_plan_hit_time(&m, &x[0]) - ((double)x[0].accesses - oli_plan_misses(&m, &x[0])) * 0.5e-9) < 1e-12);
  x[0].touched = 0;
  oli_plan_cache(&m, x, 2);
  m.nhits = 0;
  CHECK("no curve: hit_ns at every size", oli_plan_gather_hit_ns(&m, 64 * MiB) == m.hit_ns &&
                                              oli_plan_gather_hit_ns(&m, 8192) == m.hit_ns);
  m.hit_ns = 0, m.cache_bw = 0;
  CHECK("no hit figures: hits are free", oli_plan_hit_time(&m, &x[0]) == 0);

  /* 3d. touched bytes: an IS-like key_count, 64 MiB of which 512 KiB is
   * touched, gathered 8 Mi times, beside a 32 MiB stream read once (4 Mi) */
  oli_plan_model_default(&m, 1);
  m.cache_bytes = MiB;
  memset(&x[0], 0, sizeof x[0]);
  x[0].bytes = 64 * MiB, x[0].accesses = 8 * MiB, x[0].latency = 1;
  memset(&x[1], 0, sizeof x[1]);
  x[1].bytes = 32 * MiB, x[1].accesses = 4 * MiB;
  CHECK("touched unknown: all its bytes", oli_plan_touched(&x[0]) == 64.0 * MiB);
  oli_plan_cache(&m, x, 2);
  /* touched unknown: its lines come back 8 x 1/8 = once per byte: D = 64 MiB + 32 MiB x (1/8) / 1 = 68 MiB: nothing fits */
  CHECK("64 MiB gather, touched unknown: not cached", x[0].cached == 0);
  CHECK_EQ("64 MiB gather, touched unknown: every access a miss", (uint64_t)oli_plan_misses(&m, &x[0]), 8 * MiB);
  x[0].touched = 512 << 10;
  CHECK("touched known: its touched bytes", oli_plan_touched(&x[0]) == 512.0 * 1024);
  oli_plan_cache(&m, x, 2);
  /* 8 Mi / 512 Ki = 16 accesses per byte, 128 line visits: D = 512 KiB + 4 Mi / 128 = 544 KiB; (1024 - 32) / 512 > 1: cached */
  CHECK("512 KiB touched: cached", x[0].cached == 1);
  CHECK_EQ("512 KiB touched: misses are its touched lines once", (uint64_t)oli_plan_misses(&m, &x[0]), 8192);
  m.cache_bytes = 0.40625 * MiB; /* (416 - 32) / 512 = 0.75 of it */
  oli_plan_cache(&m, x, 2);
  CHECK("512 KiB touched, 416 KiB cache: the touched share beside the stream", fabs(x[0].cached - 0.75) < 1e-12);
  x[1].touched = 8 * MiB; /* a stream that touches a quarter: D_stream = 8 MiB + its share of the gather */
  CHECK("stream's touched: its footprint", oli_plan_touched(&x[1]) == 8.0 * MiB);
  x[0].touched = 128 * MiB; /* more than the object: the object */
  CHECK("touched beyond the bytes: the bytes", oli_plan_touched(&x[0]) == 64.0 * MiB);

  /* 4. DRAM sufficient: interleave only where local DRAM saturates */
  uint64_t G = 1ull << 30;
  /* 0,1: large (>=10%) and hot; 2: large, cold; 3..8: small and hot; 9: never touched */
  uint64_t bytes[10] = {4 * G, 3 * G, 2 * G, G / 8, G / 8, G / 8, G / 8, G / 8, G / 8, G / 2};
  uint64_t accs[10] = {40000000000ull, 30000000000ull, 20000000ull, 800000000ull, 800000000ull,
                       800000000ull, 800000000ull, 800000000ull, 800000000ull, 0};
  uint64_t total = 0, acc = 0;
  for (int i = 0; i < 10; i++) {
    memset(&x[i], 0, sizeof x[i]);
    x[i].bytes = bytes[i];
    x[i].accesses = accs[i];
    total += bytes[i];
    acc += accs[i];
  }
  oli_plan_model_default(&m, 1);
  m.footprint = total;
  m.hot = (double)acc / (double)total;
  oli_plan_solve(&m, x, 10, OPTS, NOPTS, total, 64, &res);
  int all_dram = 1;
  for (int i = 0; i < 10; i++) all_dram &= is(&x[i], &OPTS[0]);
  CHECK("1 thread, far from saturating DRAM: every object on DRAM", all_dram);
  CHECK("1 thread: the plan's time is all-DRAM's", fabs(res.time - res.dram_cost) < 1e-12);
  oli_plan_model_default(&m, 8);
  m.footprint = total;
  m.hot = (double)acc / (double)total;
  oli_plan_solve(&m, x, 10, OPTS, NOPTS, total, 64, &res);
  CHECK("8 threads, DRAM saturated: large hot #0 interleaved 3:1", is(&x[0], &OPTS[2]));
  CHECK("8 threads: large hot #1 interleaved 3:1", is(&x[1], &OPTS[2]));
  CHECK("8 threads: untouched #9 on DRAM", is(&x[9], &OPTS[0]));
  CHECK("8 threads: the plan is faster than all-DRAM", res.time < res.dram_cost * 0.9);
  CHECK("8 threads: solved exactly", res.exact);
  CHECK("the rule interleaves large hot #0", oli_plan_rule_interleaves(&m, &x[0]));
  CHECK("the rule keeps cold large #2", !oli_plan_rule_interleaves(&m, &x[2]));

  /* 5. DRAM insufficient: lowest intensity per byte leaves DRAM first.
   * 12 equal latency-bound objects (none large), distinct intensities. */
  oli_plan_model_default(&m, 1);
  for (int i = 0; i < 12; i++) {
    memset(&x[i], 0, sizeof x[i]);
    x[i].bytes = G / 4;
    x[i].accesses = (uint64_t)((i * 7) % 12 + 1) * 10000000ull; /* shuffled intensities */
  }
  m.footprint = 12 * (G / 4) * 2; /* each ~4%: not large */
  m.hot = 0;
  for (int solver = 0; solver < 2; solver++) {
    for (int keep = 0; keep <= 12; keep += 3) {
      budget = (uint64_t)keep * (G / 4);
      oli_plan_solve(&m, x, 12, OPTS, NOPTS, budget, solver ? 0 : 64, &res);
      uint64_t max_off = 0, min_on = UINT64_MAX;
      for (int i = 0; i < 12; i++) {
        if (is(&x[i], &OPTS[0])) { if (x[i].accesses < min_on) min_on = x[i].accesses; }
        else if (x[i].accesses > max_off) max_off = x[i].accesses;
      }
      snprintf(name, sizeof name, "insufficient (%d of 12 fit, %s): the coldest per byte left DRAM first", keep,
               solver ? "greedy" : "exact");
      CHECK(name, max_off <= min_on && res.dram <= budget && res.exact == !solver);
    }
  }
  /* insufficient with large hot objects: a cold large object goes before them */
  oli_plan_model_default(&m, 1);
  for (int i = 0; i < 10; i++) {
    memset(&x[i], 0, sizeof x[i]);
    x[i].bytes = bytes[i];
    x[i].accesses = accs[i];
  }
  m.footprint = total;
  m.hot = (double)acc / (double)total;
  budget = total - 2 * G - G / 2; /* the cold #2 and the untouched #9 must leave */
  oli_plan_solve(&m, x, 10, OPTS, NOPTS, budget, 64, &res);
  CHECK("insufficient: cold large #2 leaves DRAM", !is(&x[2], &OPTS[0]));
  CHECK("insufficient: hot small objects stay on DRAM", is(&x[3], &OPTS[0]) && is(&x[8], &OPTS[0]));
  CHECK("insufficient: hot large objects stay on DRAM", is(&x[0], &OPTS[0]) && is(&x[1], &OPTS[0]));
  CHECK("insufficient: untouched object leaves DRAM", !is(&x[9], &OPTS[0]));
  CHECK("insufficient: budget held", res.dram <= budget);
  budget = 0;
  oli_plan_solve(&m, x, 10, OPTS, NOPTS, budget, 64, &res);
  int all_cxl = res.dram == 0;
  for (int i = 0; i < 10; i++) all_cxl &= is(&x[i], &OPTS[1]);
  CHECK("zero budget: everything on CXL", all_cxl);

  /* 6. many objects: greedy beyond the exact limit, budget held, not better than exact */
  oli_plan_model_default(&m, 1);
  total = acc = 0;
  for (int i = 0; i < 600; i++) {
    memset(&x[i], 0, sizeof x[i]);
    x[i].bytes = 4096 + rnd() % (64ull << 20);
    x[i].accesses = rnd() % 50000000ull;
    total += x[i].bytes;
    acc += x[i].accesses;
  }
  m.footprint = total;
  m.hot = (double)acc / (double)total;
  budget = total / 3;
  oli_plan_solve(&m, x, 600, OPTS, NOPTS, budget, 200, &res);
  CHECK("600 objects: greedy", !res.exact);
  CHECK("600 objects: budget held", res.dram <= budget);
  double greedy = res.cost;
  oli_plan_solve(&m, x, 40, OPTS, NOPTS, budget / 15, 0, &res);
  double g40 = res.cost;
  CHECK("40 objects greedy: budget held", res.dram <= budget / 15);
  oli_plan_solve(&m, x, 40, OPTS, NOPTS, budget / 15, 64, &res);
  CHECK("40 objects exact: budget held", res.exact && res.dram <= budget / 15);
  CHECK("40 objects: exact <= greedy", res.cost <= g40 * (1 + 1e-12));
  (void)greedy;

  /* bad arguments: no zero-DRAM option */
  CHECK("no CXL option is refused", oli_plan_solve(&m, x, 3, OPTS, 1, 0, 64, &res) == -1);

  /* the budget left over: one hot streamed object whose 1:1 needs a little
   * more than the budget takes 1:3 from the solver, half the budget unused;
   * the top-up raises it to the finest split that fits (15:16), faster */
  oli_plan_model_default(&m, 1);
  memset(&x[0], 0, sizeof x[0]);
  x[0].bytes = 41u << 20;
  x[0].accesses = 100000000;
  m.footprint = x[0].bytes;
  m.hot = 0;
  oli_plan_opt_t opts[OLI_PLAN_MAX_OPTS];
  memcpy(opts, OPTS, sizeof OPTS);
  int nopts = NOPTS;
  uint64_t b = 20u << 20; /* 1:1 needs 20.5 MiB */
  oli_plan_solve(&m, x, 1, opts, nopts, b, 64, &res);
  CHECK("top-up: the solver's choice is 1:3", is(&x[0], &OPTS[4]));
  double before = res.time;
  CHECK_EQ("top-up: one object raised", oli_plan_top_up(&m, x, 1, opts, &nopts, b, &res), 1);
  CHECK("top-up: 15:16, a ratio added", nopts == NOPTS + 1 && opts[x[0].choice].w[0] == 15 && opts[x[0].choice].w[1] == 16);
  CHECK("top-up: within the budget, nearly all of it", res.dram <= b && res.dram > b * 95 / 100);
  CHECK("top-up: faster", res.time < before);
  CHECK_EQ("top-up: nothing left to raise", oli_plan_top_up(&m, x, 1, opts, &nopts, b, &res), 0);
  return TEST_SUMMARY();
}
