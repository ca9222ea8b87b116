/* tools/oli/planner.h - choose local DRAM, weighted interleave or CXL for every
 * object under a DRAM budget: a multiple-choice knapsack over a documented
 * memory-time model in seconds (docs/profile-schema.md, "Cost model"). Pure functions. */
#ifndef OLI_PLANNER_H
#define OLI_PLANNER_H

#include <stddef.h>
#include <stdint.h>

#include "oli_vocab.h"

#define OLI_PLAN_TIERS OLI_NODE_TIERS /* local DRAM, CXL, remote DRAM (oli_tier_t order) */
#define OLI_PLAN_MAX_OPTS 16 /* placement options per object */
#define OLI_PLAN_MAX_HITS 8  /* points of the cache hit curve */

/* A placement: pages ratio over (local DRAM, CXL, remote DRAM).
 * {1,0,0} = local DRAM, {0,1,0} = CXL, {3,1,0} = interleave 3:1. */
typedef struct oli_plan_opt_s {
  uint32_t w[OLI_PLAN_TIERS];
} oli_plan_opt_t;

/* The modelled machine, as seen by the profiled run's threads
 * (docs/profile-schema.md, "Cost model"): per tier the bandwidth it delivers
 * to `threads` threads (its measured curve at that count), what one thread
 * draws from it alone, and the latency of a miss under load. */
typedef struct oli_plan_model_s {
  double bw[OLI_PLAN_TIERS];        /* MB/s the tier delivers to `threads` threads */
  double bw_thread[OLI_PLAN_TIERS]; /* MB/s one thread draws from the tier alone */
  double lat[OLI_PLAN_TIERS];       /* ns per miss under load (loaded latency, else idle) */
  double gather_ns[OLI_PLAN_TIERS]; /* ns a thread pays per random miss, its overlapped misses
                                     * included (measured); 0: lat / mlp */
  double threads;                   /* threads of the profiled run (>= 1) */
  double mlp;                       /* misses in flight per thread on a gather without gather_ns */
  double cache_bytes;               /* bytes the caches hold for the run (measured); 0: no cache */
  double hit_ns;                    /* ns a thread pays per gathered access the caches serve (no curve) */
  unsigned nhits;                   /* the measured hit curve's points (0: hit_ns at every size) */
  double hit_bytes[OLI_PLAN_MAX_HITS]; /* ascending: a gathered buffer's bytes ... */
  double hit_curve_ns[OLI_PLAN_MAX_HITS]; /* ... and the ns a thread pays per gathered hit of it */
  double chase_ns;                  /* ns a thread pays per gathered access the caches serve when
                                     * the accesses are chained (each address from the load before) */
  double cache_bw;                  /* MB/s one thread streams from its caches (a streamed hit:
                                     * access_bytes of it); 0 with hit_ns 0: hits are free */
  double window;                    /* operations a core holds in flight while a miss is out (measured:
                                     * the machine file's miss_window); 0: no work term */
  double op_ns;                     /* ns a thread takes per operation on independent work (measured);
                                     * 0: no compute term */
  double access_bytes;              /* bytes one sampled access moves when streamed */
  double line_bytes;                /* bytes one miss moves */
  double away_s_per_byte;           /* tie-break: seconds per byte not on local DRAM */
  uint64_t footprint;               /* program footprint for the runtime rule's "large" */
  uint32_t large_percent;           /* large: bytes >= large_percent% of footprint */
  double hot;                       /* hot: accesses per byte >= hot */
} oli_plan_model_t;

typedef struct oli_plan_obj_s {
  uint64_t bytes;    /* bytes to place (peak live) */
  uint64_t accesses; /* sampled accesses (or, for a static plan, estimated ones) */
  uint64_t touched;  /* bytes of it the run touched (the profile's sampled span), 0: all */
  uint64_t near;     /* of accesses, those that use lines another access of their iteration
                      * brought (the profile's near_accesses): hits, never misses */
  int latency;       /* the access pattern is latency-bound (a gather) */
  int chained;       /* its gathered accesses are chained: each address depends on a value
                      * loaded before it (a binary search, a pointer chase) */
  double gather_ops; /* operations its gathers' loops issue per gathered access (the profile's
                      * gather_ops / gather_accesses), 0 unknown: the work between its misses */
  double cached;     /* share of its bytes the caches hold across its reuses (oli_plan_cache), 0-1 */
  /* filled by oli_plan_solve */
  int bw_bound;      /* streamed (not a gather) and accessed: its time is its traffic's */
  int choice;        /* index into the options */
  int best;          /* option chosen without a DRAM limit */
  double cost;       /* predicted memory time of the choice, seconds (with the tie-break) */
  double best_cost;
  uint64_t dram;     /* local-DRAM bytes of the choice */
} oli_plan_obj_t;

typedef struct oli_plan_result_s {
  int exact;          /* 1: proven optimal (Pareto DP); 0: greedy */
  uint64_t dram;      /* total local-DRAM bytes */
  double cost;        /* total cost of the choices (seconds, with the tie-break) */
  double time;        /* total predicted memory time of the choices, seconds */
  double dram_cost;   /* total predicted memory time if everything were on local DRAM, seconds */
  double hit_time;    /* total time of the accesses the caches serve, seconds (any placement) */
  size_t states;      /* DP states visited (exact) */
} oli_plan_result_t;

/* 1 when a and b are one ratio up to scale (3:1 and 6:2). */
int oli_plan_same_ratio(const oli_plan_opt_t *a, const oli_plan_opt_t *b);
/* Local-DRAM bytes of `bytes` placed with `o`: ceil(bytes * D / (D+C+R)). */
uint64_t oli_plan_dram_bytes(uint64_t bytes, const oli_plan_opt_t *o);
/* The runtime's rule (docs/runtime.md) would interleave x: large (>=
 * large_percent% of the footprint) and hot (accesses per byte >= hot), and
 * not known to be a gather. Used to predict OLI_POLICY=oli. */
int oli_plan_rule_interleaves(const oli_plan_model_t *m, const oli_plan_obj_t *x);
/* The runtime's placement of each of the n objects into out[]: under the
 * rule (rule != 0) pref for those it interleaves and local DRAM for the rest,
 * else (OLI_POLICY=uniform) pref for all; under a DRAM budget (0: none) as the
 * runtime settles it (runtime/policy/decide.c, apply_budget; objects decided
 * again in ascending size): an object whose DRAM part does not fit what is
 * left keeps the largest DRAM:CXL split with weights summing to at most 32
 * that fits (CXL when none does, or under the rule when it saw no access),
 * and under the rule a large object that is not a gather may not use the
 * last large_percent% of the budget. */
void oli_plan_rule_options(const oli_plan_model_t *m, const oli_plan_obj_t *objs, size_t n, int rule,
                           oli_plan_opt_t pref, uint64_t budget, oli_plan_opt_t *out);
/* The bytes of x its accesses touch: touched when the profile knows it and
 * it is less than bytes, else bytes. The caches' footprint and first touch. */
double oli_plan_touched(const oli_plan_obj_t *x);
/* What the caches hold of each object (sets objs[i].cached), LRU-like, over
 * touched bytes (oli_plan_touched: bytes below): with v = how often an
 * object's lines come back per byte (accesses per byte for a stream,
 * line_bytes / access_bytes times that for a gather: each gathered unit a
 * visit of its own line), between two uses of a line of object i the run
 * touches D_i = sum_j bytes_j x min(1, v_j / v_i) distinct bytes (its own
 * included). A streamed object is cached whole when D_i <= cache_bytes, else
 * not at all (a pass longer than the cache evicts each line before it comes
 * back); a gather's random lines hit in the share of it that fits beside the
 * others: (cache_bytes - (D_i - bytes_i)) / bytes_i, clamped to 0-1. No
 * cache_bytes: nothing cached. O(n log n). */
void oli_plan_cache(const oli_plan_model_t *m, oli_plan_obj_t *objs, size_t n);
/* Accesses of x that reach memory: of its visits (accesses less near ones:
 * each visit a leading access and the near ones that use its lines), those
 * of its uncached share, plus the first touch of its cached share (its
 * touched bytes once, in access_bytes units when streamed, in lines for a
 * gather): a gather's misses, each one line. */
double oli_plan_misses(const oli_plan_model_t *m, const oli_plan_obj_t *x);
/* Bytes x moves between memory and the CPU in the run: misses x
 * access_bytes when streamed, misses x line_bytes for a gather. */
double oli_plan_traffic(const oli_plan_model_t *m, const oli_plan_obj_t *x);
/* ns a thread pays per gathered hit of an object of `bytes` (its touched
 * bytes): the measured curve interpolated on log(bytes), its first point
 * below it and its last beyond (what the caches hold of a larger object
 * comes from the largest level); hit_ns without a curve. */
double oli_plan_gather_hit_ns(const oli_plan_model_t *m, double bytes);
/* Seconds x's threads spend on the accesses the caches serve (accesses -
 * misses), whatever the placement: each hit of a gather the curve at its
 * touched bytes (oli_plan_gather_hit_ns; chase_ns
 * when its accesses are chained: a hit then waits for the load before it),
 * of a stream access_bytes at cache_bw MB/s, and so each near access of
 * either (a line a leading access just brought), over threads. 0 without
 * those figures.
 * Not part of the placement's cost; the run's time is oli_plan_run_time. */
double oli_plan_hit_time(const oli_plan_model_t *m, const oli_plan_obj_t *x);
/* The run's predicted time from its objects' summed memory time, their hit
 * time and its compute time (oli_plan_compute_time): the longer of the
 * memory time and the core's, hits plus compute (the core issues its
 * operations and waits on its hits while its misses are in flight). */
double oli_plan_run_time(double memory, double hits, double compute);
/* Seconds each of the model's threads spends issuing `ops` operations (the
 * profile's "operations", all threads) at op_ns each; 0 without op_ns. */
double oli_plan_compute_time(const oli_plan_model_t *m, double ops);
/* After oli_plan_solve: the DRAM budget left over given to the objects it
 * lowers the predicted time of most (by at least 0.1% of the plan's: not a
 * cold array's nanoseconds), each raised to a DRAM:CXL ratio of
 * weights summing to at most OLI_RATIO_MAX_SUM (the runtime's splits) that
 * fits what is left, added to opts (up to OLI_PLAN_MAX_OPTS) - a 1:1 that
 * needs 20.5 MiB of 20 left a plan at 1:3 and 10.3 MiB, slower than
 * uniform. Updates the choices and res; the number of objects raised. */
int oli_plan_top_up(const oli_plan_model_t *m, oli_plan_obj_t *objs, size_t n, oli_plan_opt_t *opts, int *nopts,
                     uint64_t budget, oli_plan_result_t *res);
/* Predicted memory time of x placed with o, seconds: the largest of
 *   the threads' time  sum_t f_t traffic / (threads x bw_thread_t),
 *   each tier's time   f_t traffic / bw_t (tiers serve their shares in parallel),
 *   for a gather the latency time  misses x sum_t f_t g_t / threads, g_t the
 *   tier's gather_ns, else lat_t / mlp; with the core's window W and the
 *   object's operations per gathered access k known, at least lat_t x k / W
 *   and at most lat_t (the window holds W / k misses: a loop with more work
 *   per miss overlaps fewer of them). */
double oli_plan_time(const oli_plan_model_t *m, const oli_plan_obj_t *x, const oli_plan_opt_t *o);
/* oli_plan_time plus the tie-break (away_s_per_byte per byte off local DRAM):
 * what the solver minimises. */
double oli_plan_cost(const oli_plan_model_t *m, const oli_plan_obj_t *x, const oli_plan_opt_t *o);
/* Solve: minimise the sum of costs with the sum of DRAM bytes <= budget.
 * Exact (Pareto-front dynamic programming, byte-precise) when n <= exact_max
 * and the front stays below an internal state cap, else greedy (steps of
 * each object's convex hull, cheapest extra time per DRAM byte saved first,
 * then slack spent on moving objects back; O(N log N)). Returns 0, -1 on bad arguments or
 * out of memory. Always feasible: an option with no DRAM share must exist. */
int oli_plan_solve(const oli_plan_model_t *m, oli_plan_obj_t *objs, size_t n,
                   const oli_plan_opt_t *opts, int nopts, uint64_t budget, size_t exact_max,
                   oli_plan_result_t *res);
/* Default model (no machine file): local DRAM 10000 MB/s per thread up to
 * 30000 MB/s, 100 ns; CXL 4000 up to 10000 MB/s, 280 ns; remote DRAM 7000 up
 * to 20000 MB/s, 180 ns; at `threads` threads; mlp 10, no gather_ns, no
 * cache; a hit OLI_PLAN_HIT_NS (gathered), OLI_PLAN_CHASE_NS (gathered,
 * chained) or at OLI_PLAN_CACHE_BW MB/s (streamed); 8-byte accesses, 64-byte lines; large 10%; hot unset (-1). */
#define OLI_PLAN_HIT_NS 1.0      /* ns: a random read that an L2 serves, overlapped, on a current core */
#define OLI_PLAN_CACHE_BW 30000.0 /* MB/s: one core's streamed reads from its L2 */
#define OLI_PLAN_CHASE_NS 4.0    /* ns: a dependent load an L2 serves (about 14 cycles on a current core) */
void oli_plan_model_default(oli_plan_model_t *m, double threads);

#endif /* OLI_PLANNER_H */
