/* runtime/decide.c - the decision rule: where one object goes.
 *
 * _oli_decide() is a pure function of oli_decide_in_t (site, size, expected
 * footprint, DRAM budget state, plan/profile entry, policy, topology, options).
 * The rule, in order (docs/runtime.md, "Decision rule"):
 *
 *  1. OLI_POLICY=off                       -> default policy          (POLICY)
 *  2. size < OLI_MIN_SIZE                  -> default policy (glibc)  (SMALL)
 *  3. no CXL node (policy not dram)        -> local DRAM              (NO_CXL)
 *  4. policy dram / cxl / uniform          -> local DRAM / CXL / interleave at the weights (POLICY)
 *  5. policy oli with a plan entry that fixes a placement -> that placement (PLAN)
 *  6. policy oli: share = size / footprint
 *       share >= OLI_LARGE_PERCENT         -> interleave at the weights (LARGE)
 *         ... unless a profile says the object is cold -> local DRAM     (PROFILE)
 *       otherwise                          -> local DRAM              (NOT_LARGE)
 *  7. DRAM budget (OLI_DRAM_LIMIT, every policy but cxl/off): when the DRAM part
 *     of the placement (all of it for DRAM, w0/sum for an interleave) exceeds
 *     the remaining budget, the object keeps only what still fits on DRAM:
 *     interleave local:CXL with DRAM weight : CXL weight <= remaining : rest
 *     (small integers, sum <= 32, rounded so the budget holds); if less than
 *     1/32 fits, or the profile says it is cold, it goes to CXL.     (BUDGET)
 *     Under policy oli a large object (static rule) may not use the last
 *     OLI_LARGE_PERCENT% of the budget: that part is kept for objects that
 *     are not large. So small objects (whole on DRAM while the budget lasts)
 *     and hot ones (which keep the DRAM share that fits) are preferred over
 *     large and cold ones.
 * Weights: in->weight = local DRAM : CXL [: remote DRAM]; a third weight adds
 * the remote DRAM node as an interleave target when there is one. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define SPLIT_MAX_SUM 32  /* budget splits use weights with a sum up to this */
#define REDUCE_MAX_SUM 32 /* bandwidth ratios are reduced to a sum up to this */

/* Nearest small-integer ratio: first sum T (2..32) within 5%, else the best. */
void _oli_ratio_reduce(uint64_t a, uint64_t b, uint32_t *wa, uint32_t *wb) {
  if (a == 0 || b == 0) {
    *wa = a ? 1 : 0;
    *wb = b ? 1 : 0;
    return;
  }
  double r = (double)a / (double)b, best_err = 1e300;
  uint32_t ba = 1, bb = 1;
  for (uint32_t t = 2; t <= REDUCE_MAX_SUM; t++) {
    double x = (double)t * (double)a / ((double)a + (double)b);
    uint32_t xa = (uint32_t)(x + 0.5);
    if (xa < 1) xa = 1;
    if (xa > t - 1) xa = t - 1;
    double q = (double)xa / (double)(t - xa);
    double err = q > r ? (q - r) / r : (r - q) / r;
    if (err < best_err - 1e-12) {
      best_err = err;
      ba = xa;
      bb = t - xa;
    }
    if (err <= 0.05) break;
  }
  *wa = ba;
  *wb = bb;
}

uint64_t _oli_decision_dram_bytes(const oli_decision_t *d, uint64_t size) {
  switch (d->placement) {
  case OLI_PLACE_DRAM: return size;
  case OLI_PLACE_INTERLEAVE: {
    unsigned __int128 sum = 0;
    for (int i = 0; i < d->ntargets; i++) sum += d->weight[i];
    if (sum == 0) return 0;
    return (uint64_t)((unsigned __int128)size * d->weight[0] / sum);
  }
  case OLI_PLACE_DEFAULT:
  case OLI_PLACE_CXL: return 0;
  }
  return 0;
}

static void place_dram(oli_decision_t *d, const oli_topology_t *t) {
  d->placement = OLI_PLACE_DRAM;
  d->ntargets = 1;
  d->node[0] = t->local_node;
  d->weight[0] = 1;
}

static void place_cxl(oli_decision_t *d, const oli_topology_t *t) {
  d->placement = OLI_PLACE_CXL;
  d->ntargets = 1;
  d->node[0] = t->cxl_node;
  d->weight[0] = 1;
}

/* Interleave local DRAM : CXL [: remote DRAM] at w (zeros: 3:1). */
static void place_interleave(oli_decision_t *d, const oli_topology_t *t, const uint32_t *w) {
  uint32_t w0 = w[0], w1 = w[1], w2 = w[2];
  if (w0 == 0 || w1 == 0) { w0 = 3; w1 = 1; w2 = 0; }
  d->placement = OLI_PLACE_INTERLEAVE;
  d->ntargets = 2;
  d->node[0] = t->local_node;
  d->node[1] = t->cxl_node;
  d->weight[0] = w0;
  d->weight[1] = w1;
  if (w2 > 0 && t->remote_node >= 0) {
    d->ntargets = 3;
    d->node[2] = t->remote_node;
    d->weight[2] = w2;
  }
}

/* A profile saw no access at all to this site's objects (intensity < 0: unknown). */
static bool known_cold(const oli_decide_in_t *in) {
  return in->plan != NULL && in->plan->intensity == 0.0;
}

/* `large`: a large object decided by the static rule (policy oli), which must
 * leave the last large_percent% of the budget to objects that are not large. */
static void apply_budget(oli_decision_t *d, const oli_decide_in_t *in, bool large) {
  if (in->dram_limit == 0) return;
  uint64_t want = _oli_decision_dram_bytes(d, in->size);
  uint64_t avail = in->dram_limit > in->dram_used ? in->dram_limit - in->dram_used : 0;
  if (large) {
    uint64_t reserve = (uint64_t)((unsigned __int128)in->dram_limit * in->large_percent / 100);
    avail = avail > reserve ? avail - reserve : 0;
  }
  if (want <= avail) return;
  d->reason = OLI_WHY_BUDGET;
  /* largest a/(a+b) <= avail/size with a+b <= SPLIT_MAX_SUM; ties: smallest sum */
  uint32_t ba = 0, bb = 1;
  if (!known_cold(in)) {
    for (uint32_t t = 2; t <= SPLIT_MAX_SUM; t++) {
      uint32_t a = (uint32_t)((unsigned __int128)avail * t / in->size);
      if (a >= t) a = t - 1;
      if (a == 0) continue;
      if ((uint64_t)a * (ba + bb) > (uint64_t)ba * t) { ba = a; bb = t - a; }
    }
  }
  if (ba == 0) {
    place_cxl(d, in->topo);
    return;
  }
  uint32_t w[OLI_MAX_TARGETS] = {ba, bb, 0};
  place_interleave(d, in->topo, w);
}

oli_decision_t _oli_decide(const oli_decide_in_t *in) {
  oli_decision_t d;
  memset(&d, 0, sizeof d);
  d.placement = OLI_PLACE_DEFAULT;
  d.reason = OLI_WHY_POLICY;
  d.policy = in->policy;
  d.node[0] = d.node[1] = d.node[2] = -1;

  uint64_t fp = in->footprint > in->size ? in->footprint : in->size;
  d.percent_x10 = fp ? (uint32_t)((unsigned __int128)in->size * 1000 / fp) : 0;

  if (in->policy == OLI_POLICY_OFF) return d;
  if (in->size < in->min_size) {
    d.reason = OLI_WHY_SMALL;
    return d;
  }
  const oli_topology_t *t = in->topo;
  if (t == NULL || t->local_node < 0) { /* nothing known about nodes: leave it */
    d.reason = OLI_WHY_NO_CXL;
    return d;
  }
  if (in->policy == OLI_POLICY_DRAM) {
    place_dram(&d, t);
    if (t->cxl_node >= 0) apply_budget(&d, in, false);
    return d;
  }
  if (t->cxl_node < 0) {
    place_dram(&d, t);
    d.reason = OLI_WHY_NO_CXL;
    return d;
  }
  switch (in->policy) {
  case OLI_POLICY_CXL: place_cxl(&d, t); return d;
  case OLI_POLICY_UNIFORM:
    place_interleave(&d, t, in->weight);
    apply_budget(&d, in, false);
    return d;
  case OLI_POLICY_OLI: break;
  case OLI_POLICY_DRAM:
  case OLI_POLICY_OFF: return d; /* handled above */
  }

  /* policy oli */
  const oli_plan_entry_t *plan = in->plan;
  bool large = (unsigned __int128)in->size * 100 >= (unsigned __int128)in->large_percent * fp;
  if (plan != NULL && plan->placement != OLI_PLACE_DEFAULT) {
    switch (plan->placement) {
    case OLI_PLACE_DRAM: place_dram(&d, t); break;
    case OLI_PLACE_CXL: place_cxl(&d, t); break;
    case OLI_PLACE_INTERLEAVE:
    case OLI_PLACE_DEFAULT:
      place_interleave(&d, t, plan->weight[0] && plan->weight[1] ? plan->weight : in->weight);
      break;
    }
    d.reason = OLI_WHY_PLAN;
  } else if (large && known_cold(in)) {
    place_dram(&d, t);
    d.reason = OLI_WHY_PROFILE;
  } else if (large) {
    place_interleave(&d, t, in->weight);
    d.reason = OLI_WHY_LARGE;
  } else {
    place_dram(&d, t);
    d.reason = OLI_WHY_NOT_LARGE;
  }
  apply_budget(&d, in, large && d.reason != OLI_WHY_PLAN);
  return d;
}

/* ---- words for the report ------------------------------------------------- */

static const char *where(const oli_decision_t *d, char *buf, size_t n) {
  switch (d->placement) {
  case OLI_PLACE_DEFAULT:
  case OLI_PLACE_DRAM:
  case OLI_PLACE_CXL: return oli_placement_words(d->placement);
  case OLI_PLACE_INTERLEAVE:
    if (d->ntargets >= 3) snprintf(buf, n, "interleave %u:%u:%u", d->weight[0], d->weight[1], d->weight[2]);
    else snprintf(buf, n, "interleave %u:%u", d->weight[0], d->weight[1]);
    return buf;
  }
  return "unknown placement";
}

static const char *share(uint32_t per_mille, char *buf, size_t n) {
  if (per_mille >= 10 || per_mille == 0) snprintf(buf, n, "%u%%", per_mille / 10);
  else snprintf(buf, n, "0.%u%%", per_mille);
  return buf;
}

int _oli_reason_format(const oli_decision_t *d, uint32_t large_percent, char *buf, size_t n) {
  char w[48], s[16];
  const char *to = where(d, w, sizeof w);
  switch (d->reason) {
  case OLI_WHY_SMALL: return snprintf(buf, n, "below OLI_MIN_SIZE: %s", to);
  case OLI_WHY_POLICY: return snprintf(buf, n, "OLI_POLICY=%s: %s", oli_policy_name(d->policy), to);
  case OLI_WHY_LARGE:
    return snprintf(buf, n, "%s of footprint, >= %u%%: %s", share(d->percent_x10, s, sizeof s),
                    large_percent, to);
  case OLI_WHY_NOT_LARGE:
    return snprintf(buf, n, "%s of footprint, < %u%%: %s", share(d->percent_x10, s, sizeof s),
                    large_percent, to);
  case OLI_WHY_BUDGET:
    return snprintf(buf, n, "DRAM budget %s: %s",
                    d->placement == OLI_PLACE_CXL ? "exhausted" : "nearly used", to);
  case OLI_WHY_PLAN: return snprintf(buf, n, "plan: %s", to);
  case OLI_WHY_PROFILE:
    return snprintf(buf, n, "%s of footprint but cold (profile): %s",
                    share(d->percent_x10, s, sizeof s), to);
  case OLI_WHY_NO_CXL:
    return snprintf(buf, n, "no CXL node: %s", to);
  }
  return snprintf(buf, n, "%s", to);
}
