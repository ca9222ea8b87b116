/* tools/oli/planner.c - the multiple-choice knapsack behind `oli plan`. */
#include "planner.h"
#include "ratio.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define STATE_CAP ((size_t)1 << 21) /* total DP states kept before giving up on exact */

/* The built-in tiers: what a two-socket server with CXL memory of the kind
 * arXiv 2405.14209 measured gives, in round numbers; used only without a
 * machine file (oli plan says so). */
static const struct { double per_thread, saturated, lat; } DEFAULT_TIER[OLI_PLAN_TIERS] = {
    {10000, 30000, 100}, /* local DRAM */
    {4000, 10000, 280},  /* CXL */
    {7000, 20000, 180},  /* remote DRAM */
};

void oli_plan_model_default(oli_plan_model_t *m, double threads) {
  memset(m, 0, sizeof *m);
  m->threads = threads >= 1 ? threads : 1;
  for (int t = 0; t < OLI_PLAN_TIERS; t++) {
    double at = DEFAULT_TIER[t].per_thread * m->threads;
    m->bw[t] = at < DEFAULT_TIER[t].saturated ? at : DEFAULT_TIER[t].saturated;
    m->bw_thread[t] = DEFAULT_TIER[t].per_thread;
    m->lat[t] = DEFAULT_TIER[t].lat;
  }
  m->mlp = 10;
  m->hit_ns = OLI_PLAN_HIT_NS;
  m->chase_ns = OLI_PLAN_CHASE_NS;
  m->cache_bw = OLI_PLAN_CACHE_BW;
  m->access_bytes = 8;
  m->line_bytes = 64;
  m->away_s_per_byte = 1e-18;
  m->large_percent = 10;
  m->hot = -1;
}

uint64_t oli_plan_dram_bytes(uint64_t bytes, const oli_plan_opt_t *o) {
  uint64_t sum = (uint64_t)o->w[0] + o->w[1] + o->w[2];
  if (sum == 0 || o->w[0] == 0) return 0;
  unsigned __int128 p = (unsigned __int128)bytes * o->w[0];
  return (uint64_t)((p + sum - 1) / sum);
}

int oli_plan_rule_interleaves(const oli_plan_model_t *m, const oli_plan_obj_t *x) {
  if (x->accesses == 0 || x->bytes == 0 || x->latency) return 0;
  int large = (unsigned __int128)x->bytes * 100 >= (unsigned __int128)m->footprint * m->large_percent;
  int hot = (double)x->accesses / (double)x->bytes >= m->hot;
  return large && hot;
}

typedef struct by_size_s {
  uint64_t bytes;
  size_t i;
} by_size_t;

static int cmp_by_size(const void *a, const void *b) {
  const by_size_t *x = a, *y = b;
  if (x->bytes != y->bytes) return x->bytes < y->bytes ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

void oli_plan_rule_options(const oli_plan_model_t *m, const oli_plan_obj_t *objs, size_t n, int rule,
                           oli_plan_opt_t pref, uint64_t budget, oli_plan_opt_t *out) {
  const oli_plan_opt_t dram = {{1, 0, 0}};
  for (size_t i = 0; i < n; i++) out[i] = !rule || oli_plan_rule_interleaves(m, &objs[i]) ? pref : dram;
  if (budget == 0 || n == 0) return;
  by_size_t *order = malloc(n * sizeof *order);
  if (order == NULL) return; /* no budget then: the figure is labelled as the rule's */
  for (size_t i = 0; i < n; i++) order[i] = (by_size_t){objs[i].bytes, i};
  qsort(order, n, sizeof *order, cmp_by_size);
  uint64_t used = 0, reserve = (uint64_t)((unsigned __int128)budget * m->large_percent / 100);
  for (size_t k = 0; k < n; k++) {
    const oli_plan_obj_t *x = &objs[order[k].i];
    oli_plan_opt_t *o = &out[order[k].i];
    uint64_t want = oli_plan_dram_bytes(x->bytes, o);
    uint64_t avail = budget > used ? budget - used : 0;
    int large = (unsigned __int128)x->bytes * 100 >= (unsigned __int128)m->footprint * m->large_percent;
    if (rule && large && !x->latency) avail = avail > reserve ? avail - reserve : 0;
    if (want > avail) { /* the split that fits; CXL for what the rule knows is cold */
      uint32_t ba = 0, bb = 1;
      if (!rule || x->accesses > 0) oli_ratio_fit(avail, x->bytes, &ba, &bb);
      *o = (oli_plan_opt_t){{ba, bb, 0}};
      want = oli_plan_dram_bytes(x->bytes, o);
    }
    used += want;
  }
  free(order);
}

double oli_plan_touched(const oli_plan_obj_t *x) {
  return x->touched > 0 && x->touched < x->bytes ? (double)x->touched : (double)x->bytes;
}

typedef struct reuse_s {
  double v;     /* visits per byte: a line's visits over the run, per byte of it */
  size_t i;
} reuse_t;

static int cmp_reuse(const void *a, const void *b) {
  const reuse_t *x = a, *y = b;
  if (x->v != y->v) return x->v > y->v ? -1 : 1; /* most reused first */
  return x->i < y->i ? -1 : x->i > y->i;
}

/* x's accesses less its near ones: the visits of its lines, each a leading
 * access (and the near ones that use the lines it brought). */
static double visits(const oli_plan_obj_t *x) {
  return x->near < x->accesses ? (double)(x->accesses - x->near) : 0;
}

/* How often x's lines come back, per byte of it: its visits per byte, and
 * for a gather line_bytes / access_bytes times that - a sweep visits each of
 * its lines once for every access_bytes unit of it, a gather each line once
 * for every unit it reads there (a random unit, never the neighbour of the
 * last). */
static double visits_per_byte(const oli_plan_model_t *m, const oli_plan_obj_t *x) {
  double v = visits(x) / oli_plan_touched(x);
  if (x->latency && m->line_bytes > m->access_bytes && m->access_bytes > 0) v *= m->line_bytes / m->access_bytes;
  return v;
}

void oli_plan_cache(const oli_plan_model_t *m, oli_plan_obj_t *objs, size_t n) {
  for (size_t i = 0; i < n; i++) objs[i].cached = 0;
  if (!(m->cache_bytes > 0) || n == 0) return;
  reuse_t *r = malloc(n * sizeof *r);
  if (r == NULL) return; /* out of memory: no cache term (more time, never less) */
  size_t k = 0;
  double below = 0; /* touched bytes x visits per byte of the objects reused less than the current group */
  for (size_t i = 0; i < n; i++)
    if (visits(&objs[i]) > 0 && objs[i].bytes) {
      r[k] = (reuse_t){visits_per_byte(m, &objs[i]), i};
      below += oli_plan_touched(&objs[i]) * r[k].v;
      k++;
    }
  qsort(r, k, sizeof *r, cmp_reuse);
  double above = 0; /* bytes of the objects reused at least as often */
  for (size_t g = 0; g < k;) {
    size_t e = g; /* [g, e): one reuse group: each counts the others whole */
    while (e < k && r[e].v == r[g].v) {
      double b = oli_plan_touched(&objs[r[e].i]);
      above += b;
      below -= b * r[e].v;
      e++;
    }
    /* bytes_j x v_j / v_i summed over the less reused */
    double d = above + (below > 0 ? below : 0) / r[g].v;
    for (size_t j = g; j < e; j++) {
      oli_plan_obj_t *x = &objs[r[j].i];
      double b = oli_plan_touched(x);
      if (x->latency) {
        double c = (m->cache_bytes - (d - b)) / b;
        x->cached = c < 0 ? 0 : c > 1 ? 1 : c;
      } else {
        x->cached = d <= m->cache_bytes ? 1 : 0;
      }
    }
    g = e;
  }
  free(r);
}

double oli_plan_misses(const oli_plan_model_t *m, const oli_plan_obj_t *x) {
  double unit = x->latency ? m->line_bytes : m->access_bytes, a = visits(x);
  double c = x->cached > 0 ? (x->cached < 1 ? x->cached : 1) : 0;
  double first = oli_plan_touched(x) / unit; /* the cached share's first touch: each unit once */
  return (1 - c) * a + c * (first < a ? first : a);
}

double oli_plan_traffic(const oli_plan_model_t *m, const oli_plan_obj_t *x) {
  return oli_plan_misses(m, x) * (x->latency ? m->line_bytes : m->access_bytes);
}

double oli_plan_gather_hit_ns(const oli_plan_model_t *m, double bytes) {
  unsigned n = m->nhits < OLI_PLAN_MAX_HITS ? m->nhits : OLI_PLAN_MAX_HITS;
  if (n == 0) return m->hit_ns;
  if (!(bytes > m->hit_bytes[0])) return m->hit_curve_ns[0];
  for (unsigned k = 1; k < n; k++)
    if (bytes <= m->hit_bytes[k]) {
      double f = log(bytes / m->hit_bytes[k - 1]) / log(m->hit_bytes[k] / m->hit_bytes[k - 1]);
      return m->hit_curve_ns[k - 1] + f * (m->hit_curve_ns[k] - m->hit_curve_ns[k - 1]);
    }
  return m->hit_curve_ns[n - 1];
}

double oli_plan_hit_time(const oli_plan_model_t *m, const oli_plan_obj_t *x) {
  double threads = m->threads >= 1 ? m->threads : 1, near = (double)x->accesses - visits(x);
  double hits = visits(x) - oli_plan_misses(m, x); /* the visits the caches serve; near ones apart */
  double streamed = m->cache_bw > 0 ? m->access_bytes / (m->cache_bw * 1e6) : 0;
  double per = x->latency ? (x->chained ? m->chase_ns : oli_plan_gather_hit_ns(m, oli_plan_touched(x))) * 1e-9
                          : streamed;
  return ((hits > 0 ? hits * per : 0) + near * streamed) / threads;
}

double oli_plan_run_time(double memory, double hits, double compute) {
  /* the core issues its operations and waits on its cache hits one after
   * the other, while its misses are in flight: the run takes the longer of
   * the core's time and the memory's (docs/profile-schema.md, "Cost model") */
  double core = hits + compute;
  return memory > core ? memory : core;
}

double oli_plan_compute_time(const oli_plan_model_t *m, double ops) {
  double threads = m->threads >= 1 ? m->threads : 1;
  return ops > 0 && m->op_ns > 0 ? ops * m->op_ns * 1e-9 / threads : 0;
}

double oli_plan_time(const oli_plan_model_t *m, const oli_plan_obj_t *x, const oli_plan_opt_t *o) {
  double sum = (double)o->w[0] + o->w[1] + o->w[2];
  double f[OLI_PLAN_TIERS];
  for (int t = 0; t < OLI_PLAN_TIERS; t++) f[t] = sum > 0 ? o->w[t] / sum : (t == 0);
  double bytes = oli_plan_traffic(m, x), threads = m->threads >= 1 ? m->threads : 1;
  double misses = x->latency ? oli_plan_misses(m, x) : 0;
  double by_threads = 0, by_tier = 0, by_latency = 0;
  for (int t = 0; t < OLI_PLAN_TIERS; t++) {
    if (f[t] <= 0) continue;
    /* the threads stream their shares one after another, each at what a
     * thread draws alone; the tiers serve theirs in parallel, each at most
     * its bandwidth at this thread count */
    by_threads += f[t] * bytes / (threads * m->bw_thread[t] * 1e6);
    double tier = f[t] * bytes / (m->bw[t] * 1e6);
    if (tier > by_tier) by_tier = tier;
    /* a gather: each thread pays per miss what the tier's random reads cost
     * a thread (measured), else its loaded latency over the misses in flight;
     * no less than the latency over the misses its window holds, W / k with k
     * operations of work per miss, and no more than the latency */
    double per_miss = m->gather_ns[t] > 0 ? m->gather_ns[t] : m->lat[t] / m->mlp;
    if (m->window > 0 && x->gather_ops > 0) {
      double held = m->lat[t] * (x->gather_ops < m->window ? x->gather_ops / m->window : 1);
      if (held > per_miss) per_miss = held;
    }
    if (x->latency) by_latency += f[t] * misses * per_miss * 1e-9 / threads;
  }
  double s = by_threads > by_tier ? by_threads : by_tier;
  return by_latency > s ? by_latency : s;
}

double oli_plan_cost(const oli_plan_model_t *m, const oli_plan_obj_t *x, const oli_plan_opt_t *o) {
  double sum = (double)o->w[0] + o->w[1] + o->w[2];
  double away = sum > 0 ? 1.0 - o->w[0] / sum : 0;
  return oli_plan_time(m, x, o) + m->away_s_per_byte * (double)x->bytes * away;
}

typedef struct opt_val_s {
  uint64_t dram;
  double cost;
  int idx;
} opt_val_t;

typedef struct state_s {
  uint64_t dram;
  double cost;
  uint32_t parent; /* index in the previous stage */
  uint8_t opt;     /* index into the object's pruned options */
} state_t;

static int cmp_state(const void *a, const void *b) {
  const state_t *x = a, *y = b;
  if (x->dram != y->dram) return x->dram < y->dram ? -1 : 1;
  if (x->cost != y->cost) return x->cost < y->cost ? -1 : 1;
  return 0;
}

static int cmp_optval(const void *a, const void *b) {
  const opt_val_t *x = a, *y = b;
  if (x->dram != y->dram) return x->dram > y->dram ? -1 : 1; /* most DRAM first */
  if (x->cost != y->cost) return x->cost < y->cost ? -1 : 1;
  return x->idx - y->idx;
}

/* The object's options without dominated ones (another option has no more
 * DRAM and no more cost), most DRAM first; cost strictly rises as DRAM falls. */
static int pruned_options(const oli_plan_model_t *m, const oli_plan_obj_t *x,
                          const oli_plan_opt_t *opts, int nopts, opt_val_t *out) {
  opt_val_t all[OLI_PLAN_MAX_OPTS];
  for (int i = 0; i < nopts; i++) {
    all[i].dram = oli_plan_dram_bytes(x->bytes, &opts[i]);
    all[i].cost = oli_plan_cost(m, x, &opts[i]);
    all[i].idx = i;
  }
  qsort(all, (size_t)nopts, sizeof *all, cmp_optval);
  /* from least DRAM to most: keep an option only when it is cheaper than
   * every option with less (or equal) DRAM */
  int n = 0;
  double best = 0;
  for (int i = nopts - 1; i >= 0; i--) {
    if (n == 0 || all[i].cost < best) {
      if (n > 0 && out[n - 1].dram == all[i].dram) {
        out[n - 1] = all[i];
      } else {
        out[n++] = all[i];
      }
      best = all[i].cost;
    }
  }
  /* out is least-DRAM first; reverse to most-DRAM first */
  for (int i = 0; i < n / 2; i++) {
    opt_val_t t = out[i];
    out[i] = out[n - 1 - i];
    out[n - 1 - i] = t;
  }
  return n;
}

static int solve_exact(oli_plan_obj_t *objs, size_t n, opt_val_t (*po)[OLI_PLAN_MAX_OPTS],
                       const int *npo, uint64_t budget, oli_plan_result_t *res) {
  state_t **stage = calloc(n + 1, sizeof *stage);
  size_t *len = calloc(n + 1, sizeof *len);
  size_t total = 1;
  int ok = 0;
  if (!stage || !len) goto out;
  stage[0] = malloc(sizeof(state_t));
  if (!stage[0]) goto out;
  stage[0][0] = (state_t){0, 0.0, 0, 0};
  len[0] = 1;
  for (size_t i = 0; i < n; i++) {
    size_t cap = len[i] * (size_t)npo[i];
    state_t *cand = malloc(cap * sizeof *cand);
    if (!cand) goto out;
    size_t k = 0;
    for (size_t s = 0; s < len[i]; s++) {
      for (int o = 0; o < npo[i]; o++) {
        uint64_t d = stage[i][s].dram + po[i][o].dram;
        if (d < stage[i][s].dram || d > budget) continue; /* overflow or over budget */
        cand[k++] = (state_t){d, stage[i][s].cost + po[i][o].cost, (uint32_t)s, (uint8_t)o};
      }
    }
    qsort(cand, k, sizeof *cand, cmp_state);
    /* Pareto front: increasing DRAM, strictly decreasing cost */
    size_t m = 0;
    for (size_t j = 0; j < k; j++)
      if (m == 0 || cand[j].cost < cand[m - 1].cost) cand[m++] = cand[j];
    stage[i + 1] = realloc(cand, (m ? m : 1) * sizeof *cand);
    if (!stage[i + 1]) { free(cand); goto out; }
    len[i + 1] = m;
    total += m;
    if (m == 0 || total > STATE_CAP) goto out;
  }
  /* the cheapest final state is the last one of the front */
  size_t s = len[n] - 1;
  res->states = total;
  res->exact = 1;
  for (size_t i = n; i-- > 0;) {
    const state_t *st = &stage[i + 1][s];
    objs[i].choice = po[i][st->opt].idx;
    s = st->parent;
  }
  ok = 1;
out:
  if (stage)
    for (size_t i = 0; i <= n; i++) free(stage[i]);
  free(stage);
  free(len);
  return ok;
}

typedef struct seg_s {
  double slope;   /* extra time per DRAM byte saved */
  size_t obj;
  int to;         /* index into the object's pruned options */
} seg_t;

static int cmp_seg(const void *a, const void *b) {
  const seg_t *x = a, *y = b;
  if (x->slope != y->slope) return x->slope < y->slope ? -1 : 1;
  if (x->obj != y->obj) return x->obj < y->obj ? -1 : 1;
  return x->to - y->to;
}

/* Greedy in O(N log N), N = options: each object's options (most DRAM first,
 * cost rising) reduced to their lower convex hull; all hull steps sorted by
 * extra time per DRAM byte saved and taken cheapest first until the budget
 * holds; then one pass spends any slack left on moving objects back to
 * cheaper options that still fit. */
static int solve_greedy(oli_plan_obj_t *objs, size_t n, opt_val_t (*po)[OLI_PLAN_MAX_OPTS],
                        const int *npo, uint64_t budget) {
  int *at = calloc(n ? n : 1, sizeof *at);
  seg_t *seg = malloc((n ? n : 1) * OLI_PLAN_MAX_OPTS * sizeof *seg);
  if (!at || !seg) {
    free(at);
    free(seg);
    return -1;
  }
  size_t nseg = 0;
  unsigned __int128 dram = 0;
  for (size_t i = 0; i < n; i++) {
    int hull[OLI_PLAN_MAX_OPTS], h = 0;
    for (int j = 0; j < npo[i]; j++) {
      while (h >= 2) {
        const opt_val_t *p = &po[i][hull[h - 2]], *q = &po[i][hull[h - 1]], *r = &po[i][j];
        double s1 = (q->cost - p->cost) / (double)(p->dram - q->dram);
        double s2 = (r->cost - q->cost) / (double)(q->dram - r->dram);
        if (s1 >= s2) h--;
        else break;
      }
      hull[h++] = j;
    }
    for (int k = 1; k < h; k++) {
      const opt_val_t *p = &po[i][hull[k - 1]], *q = &po[i][hull[k]];
      seg[nseg++] = (seg_t){(q->cost - p->cost) / (double)(p->dram - q->dram), i, hull[k]};
    }
    at[i] = 0;
    dram += po[i][0].dram;
  }
  qsort(seg, nseg, sizeof *seg, cmp_seg);
  for (size_t k = 0; k < nseg && dram > budget; k++) {
    size_t i = seg[k].obj;
    if (seg[k].to <= at[i]) continue; /* cannot happen: hull steps come in order */
    dram -= po[i][at[i]].dram - po[i][seg[k].to].dram;
    at[i] = seg[k].to;
  }
  /* spend the slack: an object may move back to a cheaper option that fits */
  for (size_t i = 0; i < n && dram <= budget; i++) {
    uint64_t slack = (uint64_t)(budget - dram);
    int best = at[i];
    for (int o = 0; o < at[i]; o++)
      if (po[i][o].dram - po[i][at[i]].dram <= slack && po[i][o].cost < po[i][best].cost) best = o;
    dram += po[i][best].dram - po[i][at[i]].dram;
    at[i] = best;
  }
  for (size_t i = 0; i < n; i++) objs[i].choice = po[i][at[i]].idx;
  free(at);
  free(seg);
  return 0;
}

int oli_plan_solve(const oli_plan_model_t *m, oli_plan_obj_t *objs, size_t n,
                   const oli_plan_opt_t *opts, int nopts, uint64_t budget, size_t exact_max,
                   oli_plan_result_t *res) {
  memset(res, 0, sizeof *res);
  if (nopts <= 0 || nopts > OLI_PLAN_MAX_OPTS) return -1;
  int has_zero = 0;
  for (int o = 0; o < nopts; o++) has_zero |= opts[o].w[0] == 0;
  if (!has_zero) return -1;
  opt_val_t (*po)[OLI_PLAN_MAX_OPTS] = calloc(n ? n : 1, sizeof *po);
  int *npo = calloc(n ? n : 1, sizeof *npo);
  if (!po || !npo) {
    free(po);
    free(npo);
    return -1;
  }
  oli_plan_opt_t dram_only = {{1, 0, 0}};
  for (size_t i = 0; i < n; i++) {
    objs[i].bw_bound = !objs[i].latency && objs[i].accesses > 0;
    npo[i] = pruned_options(m, &objs[i], opts, nopts, po[i]);
    /* pruned: most DRAM first, and each later option has less DRAM and a
     * higher cost; the first is the unconstrained best */
    objs[i].best = po[i][0].idx;
    objs[i].best_cost = po[i][0].cost;
    res->dram_cost += oli_plan_time(m, &objs[i], &dram_only);
    res->hit_time += oli_plan_hit_time(m, &objs[i]);
  }
  int done = 0;
  if (n <= exact_max) done = solve_exact(objs, n, po, npo, budget, res);
  if (!done) {
    if (solve_greedy(objs, n, po, npo, budget) != 0) {
      free(po);
      free(npo);
      return -1;
    }
    res->exact = 0;
  }
  for (size_t i = 0; i < n; i++) {
    objs[i].cost = oli_plan_cost(m, &objs[i], &opts[objs[i].choice]);
    objs[i].dram = oli_plan_dram_bytes(objs[i].bytes, &opts[objs[i].choice]);
    res->cost += objs[i].cost;
    res->time += oli_plan_time(m, &objs[i], &opts[objs[i].choice]);
    res->dram += objs[i].dram;
  }
  free(po);
  free(npo);
  return 0;
}

int oli_plan_same_ratio(const oli_plan_opt_t *a, const oli_plan_opt_t *b) {
  for (int i = 0; i < OLI_PLAN_TIERS; i++)
    for (int j = 0; j < OLI_PLAN_TIERS; j++)
      if ((uint64_t)a->w[i] * b->w[j] != (uint64_t)a->w[j] * b->w[i]) return 0;
  return 1;
}

int oli_plan_top_up(const oli_plan_model_t *m, oli_plan_obj_t *objs, size_t n, oli_plan_opt_t *opts, int *nopts,
                     uint64_t budget, oli_plan_result_t *res) {
  if (budget == 0 || budget == UINT64_MAX || res->dram >= budget) return 0;
  uint64_t left = budget - res->dram;
  /* a raise worth its DRAM: at least 0.1% of the plan's predicted time (a
   * cold array's nanoseconds are no reason to take DRAM a plan may leave free) */
  double worth = 1e-3 * res->time;
  int added = 0;
  for (;;) {
    size_t bi = n;
    oli_plan_opt_t bo = {{0, 0, 0}};
    double bgain = 0;
    uint64_t bdram = 0;
    for (size_t i = 0; i < n; i++) {
      const oli_plan_opt_t *cur = &opts[objs[i].choice];
      if (cur->w[2] != 0 || cur->w[1] == 0) continue; /* DRAM alone already, or three tiers: as chosen */
      double share = (double)cur->w[0] / (cur->w[0] + cur->w[1]);
      for (uint32_t a = 1; a < OLI_RATIO_MAX_SUM; a++)
        for (uint32_t b = 1; a + b <= OLI_RATIO_MAX_SUM; b++) {
          oli_plan_opt_t o = {{a, b, 0}};
          if ((double)a / (a + b) <= share) continue;
          uint64_t d = oli_plan_dram_bytes(objs[i].bytes, &o);
          if (d <= objs[i].dram || d - objs[i].dram > left) continue;
          double gain = oli_plan_time(m, &objs[i], cur) - oli_plan_time(m, &objs[i], &o);
          if (gain > bgain * (1 + 1e-12) && gain > worth)
            bi = i, bo = o, bgain = gain, bdram = d;
        }
    }
    if (bi == n) break;
    int k = 0;
    while (k < *nopts && !oli_plan_same_ratio(&opts[k], &bo)) k++;
    if (k == *nopts) {
      if (*nopts >= OLI_PLAN_MAX_OPTS) break; /* no room for another ratio */
      opts[(*nopts)++] = bo;
    }
    left -= bdram - objs[bi].dram;
    objs[bi].choice = k;
    objs[bi].dram = bdram;
    objs[bi].cost = oli_plan_cost(m, &objs[bi], &opts[k]);
    added++;
  }
  if (!added) return 0;
  res->cost = res->time = 0;
  res->dram = 0;
  for (size_t i = 0; i < n; i++) {
    res->cost += objs[i].cost;
    res->time += oli_plan_time(m, &objs[i], &opts[objs[i].choice]);
    res->dram += objs[i].dram;
  }
  return added; /* res->exact: the solver's, over its options */
}
