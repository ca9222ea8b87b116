/* tools/oli/planner.h - choose local DRAM, weighted interleave or CXL for every
 * object under a DRAM budget: a multiple-choice knapsack over a documented
 * stall-time model (docs/profile-schema.md, "Cost model"). Pure functions. */
#ifndef OLI_PLANNER_H
#define OLI_PLANNER_H

#include <stddef.h>
#include <stdint.h>

#include "oli_vocab.h"

#define OLI_PLAN_TIERS OLI_NODE_TIERS /* local DRAM, CXL, remote DRAM (oli_tier_t order) */
#define OLI_PLAN_MAX_OPTS 16 /* placement options per object */

/* A placement: pages ratio over (local DRAM, CXL, remote DRAM).
 * {1,0,0} = local DRAM, {0,1,0} = CXL, {3,1,0} = interleave 3:1. */
typedef struct oli_plan_opt_s {
  uint32_t w[OLI_PLAN_TIERS];
} oli_plan_opt_t;

typedef struct oli_plan_model_s {
  double bw[OLI_PLAN_TIERS];  /* read bandwidth, MB/s */
  double lat[OLI_PLAN_TIERS]; /* read latency, ns */
  double away_ns_per_byte;    /* tie-break: cost of each byte not on local DRAM */
  uint64_t footprint;         /* program footprint for the "large" test */
  uint32_t large_percent;     /* large: bytes >= large_percent% of footprint */
  double hot;                 /* hot: accesses per byte >= hot */
} oli_plan_model_t;

typedef struct oli_plan_obj_s {
  uint64_t bytes;    /* bytes to place (peak live) */
  uint64_t accesses; /* sampled accesses (or, for a static plan, estimated ones) */
  int latency;       /* the access pattern is latency-bound (a gather): never bandwidth-bound */
  /* filled by oli_plan_solve */
  int bw_bound;      /* large and hot: bandwidth-bound */
  int choice;        /* index into the options */
  int best;          /* option chosen without a DRAM limit */
  double cost;       /* predicted stall (ns, relative units) of the choice */
  double best_cost;
  uint64_t dram;     /* local-DRAM bytes of the choice */
} oli_plan_obj_t;

typedef struct oli_plan_result_s {
  int exact;          /* 1: proven optimal (Pareto DP); 0: greedy */
  uint64_t dram;      /* total local-DRAM bytes */
  double cost;        /* total predicted stall */
  double dram_cost;   /* total predicted stall if everything were on local DRAM */
  size_t states;      /* DP states visited (exact) */
} oli_plan_result_t;

/* Local-DRAM bytes of `bytes` placed with `o`: ceil(bytes * D / (D+C+R)). */
uint64_t oli_plan_dram_bytes(uint64_t bytes, const oli_plan_opt_t *o);
/* True when the object is large and hot under the model, and its accesses
 * are not known to be latency-bound (x->latency). */
int oli_plan_is_bw_bound(const oli_plan_model_t *m, const oli_plan_obj_t *x);
/* Predicted stall of object x placed with o (uses bw_bound as computed by
 * oli_plan_is_bw_bound). */
double oli_plan_cost(const oli_plan_model_t *m, const oli_plan_obj_t *x, const oli_plan_opt_t *o);
/* Solve: minimise the sum of costs with the sum of DRAM bytes <= budget.
 * Exact (Pareto-front dynamic programming, byte-precise) when n <= exact_max
 * and the front stays below an internal state cap, else greedy (steps of
 * each object's convex hull, cheapest extra stall per DRAM byte saved first,
 * then slack spent on moving objects back; O(N log N)). Returns 0, -1 on bad arguments or
 * out of memory. Always feasible: an option with no DRAM share must exist. */
int oli_plan_solve(const oli_plan_model_t *m, oli_plan_obj_t *objs, size_t n,
                   const oli_plan_opt_t *opts, int nopts, uint64_t budget, size_t exact_max,
                   oli_plan_result_t *res);
/* Default model: DRAM 100 ns / 30000 MB/s, CXL 280 ns / 10000 MB/s,
 * remote DRAM 180 ns / 20000 MB/s; large 10%; hot unset (-1). */
void oli_plan_model_default(oli_plan_model_t *m);

#endif /* OLI_PLANNER_H */
