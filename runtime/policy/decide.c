/* runtime/policy/decide.c - the decision rule: where one object goes.
 *
 * _oli_decide() is a pure function of oli_decide_in_t (site, size, expected
 * footprint, DRAM budget state, plan/profile entry, policy, topology, options).
 * The rule, in order (docs/runtime.md, "Decision rule"):
 *
 *  1. a fixed policy placing nothing (off)  -> default policy          (POLICY)
 *  2. size < OLI_MIN_SIZE                  -> default policy (glibc)  (SMALL)
 *  3. a fixed policy (dram, cxl, uniform, rdram: its row in oli_vocab.def)
 *     -> its placement (an interleave at the weights)                (POLICY)
 *     ... unless the placement needs a node the machine lacks (CXL for cxl
 *     and uniform, remote DRAM for rdram) -> local DRAM for the
 *     placement's Missing reason                           (NO_CXL, NO_REMOTE)
 *  4. the rule (oli) without a CXL node    -> local DRAM              (NO_CXL)
 *  5. the rule with a plan entry that fixes a placement -> that placement (PLAN)
 *  6. the rule: share = size / footprint
 *       share >= OLI_LARGE_PERCENT         -> interleave at the weights (LARGE)
 *         ... unless a profile says the object is cold -> local DRAM     (PROFILE)
 *         ... without a profile entry, the pass's static estimate
 *             (docs/static-intensity.md, "In the runtime"):
 *             cold (traffic <= 2 sweeps, a gathered access counted as
 *               the cache line it fetches; confidence medium or high)
 *               and a DRAM budget set      -> CXL                      (COLD)
 *             gather (latency-bound)       -> local DRAM               (LATENCY)
 *               (under a budget it may use the part kept for objects
 *               that are not large: the last to be interleaved)
 *             streaming, strided, unknown  -> interleave, as LARGE, the
 *               reason naming the pattern
 *       otherwise                          -> local DRAM              (NOT_LARGE)
 *  7. DRAM budget (OLI_DRAM_LIMIT, when there is a CXL node to spill to):
 *     when the DRAM part of the placement (the DRAM target's share of the
 *     weights) exceeds the remaining budget, the object keeps only what still
 *     fits on DRAM: interleave local:CXL with DRAM weight : CXL weight <=
 *     remaining : rest (small integers, sum <= 32, rounded so the budget
 *     holds); if less than 1/32 fits, or the profile says it is cold, it goes
 *     to CXL.                                                          (BUDGET)
 *     Under the rule a large object (static rule) may not use the last
 *     OLI_LARGE_PERCENT% of the budget: that part is kept for objects that
 *     are not large. So small objects (whole on DRAM while the budget lasts)
 *     and hot ones (which keep the DRAM share that fits) are preferred over
 *     large and cold ones. Placements with no DRAM share are not touched.
 *     Re-decisions (settle.c) keep the budget: each live object is decided
 *     again with dram_used less its own DRAM share, in ascending size, and
 *     the accounting moves with every applied flip - when several objects
 *     flip to DRAM at once the smaller claim the budget first.
 * The footprint is the one the process will have, as well as it is known
 * (placed.c's _oli_footprint_expected: OLI_FOOTPRINT, the peak so far, the
 * static hints still to come); objects are re-decided as it grows.
 * A decision lists its targets explicitly: (tier, node, weight), tier order.
 * Weights: in->weight[tier] = local DRAM : CXL [: remote DRAM]; a remote
 * weight adds the remote DRAM node as an interleave target when there is one. */
#include <stdio.h>
#include <string.h>

#include "grammar.h"
#include "internal.h"
#include "ratio.h"


uint32_t _oli_decision_weight(const oli_decision_t *d, oli_tier_t tier) {
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (d->target[i].tier == tier) return d->target[i].weight;
  return 0;
}

int _oli_decision_node(const oli_decision_t *d, oli_tier_t tier) {
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (d->target[i].tier == tier) return d->target[i].node;
  return -1;
}

char *_oli_decision_ratio(const oli_decision_t *d, char *buf, size_t n) {
  uint32_t w[OLI_NODE_TIERS];
  for (int t = 0; t < OLI_NODE_TIERS; t++) w[t] = _oli_decision_weight(d, (oli_tier_t)t);
  return oli_format_ratio(w, buf, n);
}

static void set_targets(oli_decision_t *d, oli_placement_t p) {
  d->placement = p;
  d->ntargets = 0;
}

static void add_target(oli_decision_t *d, oli_tier_t tier, int node, uint32_t weight) {
  d->target[d->ntargets++] = (oli_target_t){tier, node, weight};
}

/* Interleave local DRAM : CXL [: remote DRAM] at w[tier] (no DRAM or CXL
 * share: the default ratio; a remote share without a remote node is dropped). */
static void place_interleave(oli_decision_t *d, const oli_topology_t *t, const uint32_t *w) {
  uint32_t def[OLI_NODE_TIERS];
  if (w[OLI_TIER_DRAM] == 0 || w[OLI_TIER_CXL] == 0) {
    oli_default_ratio(def);
    w = def;
  }
  set_targets(d, OLI_PLACE_INTERLEAVE);
  add_target(d, OLI_TIER_DRAM, t->local_node, w[OLI_TIER_DRAM]);
  add_target(d, OLI_TIER_CXL, t->cxl_node, w[OLI_TIER_CXL]);
  if (w[OLI_TIER_REMOTE] > 0 && t->remote_node >= 0) add_target(d, OLI_TIER_REMOTE, t->remote_node, w[OLI_TIER_REMOTE]);
}

/* Give d placement p (an interleave at w). When p needs a node this machine
 * lacks, local DRAM instead, with the placement's Missing reason: false. */
static bool place(oli_decision_t *d, const oli_topology_t *t, oli_placement_t p, const uint32_t *w) {
  if (_oli_topology_tier_node(t, oli_placement_needs(p)) < 0 && p != OLI_PLACE_DEFAULT) {
    set_targets(d, OLI_PLACE_DRAM);
    add_target(d, OLI_TIER_DRAM, t->local_node, 1);
    d->reason = oli_placement_missing(p);
    return false;
  }
  switch (p) {
  case OLI_PLACE_DEFAULT: set_targets(d, p); return true;
  case OLI_PLACE_INTERLEAVE: place_interleave(d, t, w); return true;
  case OLI_PLACE_DRAM:
  case OLI_PLACE_CXL:
  case OLI_PLACE_RDRAM: {
    oli_tier_t tier = oli_placement_tier(p);
    set_targets(d, p);
    add_target(d, tier, _oli_topology_tier_node(t, tier), 1);
    return true;
  }
  }
  set_targets(d, OLI_PLACE_DEFAULT); /* not a placement: not placed */
  return false;
}

/* A profile saw no access at all to this site's objects (intensity < 0: unknown). */
static bool known_cold(const oli_decide_in_t *in) {
  return in->plan != NULL && in->plan->intensity == 0.0;
}

/* An object swept at most this many times in a run is cold by the static
 * estimate: written once and read at most once - to within the estimate's
 * rounding (block frequencies are fixed-point numbers: an array written once
 * and read once in six batches sums to 2.0001 passes). */
#define STATIC_COLD_PASSES 2.0f
#define STATIC_ROUNDING 1.001f
#define LINE_BYTES 64.0f /* what one gathered access fetches from memory */

/* The memory traffic of the estimate, in sweeps of the object: its passes
 * (bytes accessed per byte) for the streaming and strided share, and a whole
 * cache line per access for the gathered share - a gather of 4-byte
 * elements that touches each element once moves 16 times the object. */
static float static_traffic(const __oli_site_static_t *e) {
  float g = e->share[oli_access_pattern_share(OLI_PATTERN_GATHER)] / 100.0f;
  if (g > 1.0f) g = 1.0f;
  return e->passes * (1.0f - g) + e->intensity * g * LINE_BYTES;
}

/* The static estimate, when the rule may use it: the pass gave one and no
 * profile entry knows the site's accesses (a profile wins). */
static bool estimated(const oli_decide_in_t *in) {
  return in->estimate.confidence != OLI_CONFIDENCE_NONE && (in->plan == NULL || in->plan->intensity < 0);
}

/* Cold by the estimate: few passes, not an estimate that may miss accesses
 * (low: the object is used outside the module too), and no gather of unknown
 * count (a lookup loop: its guessed count says nothing of its traffic). */
static bool static_cold(const oli_decide_in_t *in) {
  return in->estimate.confidence >= OLI_CONFIDENCE_MEDIUM && !(in->estimate.flags & OLI_STATIC_F_OPEN_GATHER) &&
         static_traffic(&in->estimate) <= STATIC_COLD_PASSES * STATIC_ROUNDING;
}

static void use_estimate(oli_decision_t *d, const oli_decide_in_t *in) {
  d->pattern = (oli_access_pattern_t)in->estimate.pattern;
  d->passes = in->estimate.passes;
  d->traffic = static_traffic(&in->estimate);
  d->confidence = in->estimate.confidence;
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
  uint32_t ba = 0, bb = 1;
  if (!known_cold(in)) oli_ratio_fit(avail, in->size, &ba, &bb);
  uint32_t w[OLI_NODE_TIERS] = {[OLI_TIER_DRAM] = ba, [OLI_TIER_CXL] = bb};
  place(d, in->topo, ba == 0 ? OLI_PLACE_CXL : OLI_PLACE_INTERLEAVE, w);
}

oli_decision_t _oli_decide(const oli_decide_in_t *in) {
  oli_decision_t d;
  memset(&d, 0, sizeof d);
  d.placement = OLI_PLACE_DEFAULT;
  d.reason = OLI_WHY_POLICY;
  d.policy = in->policy;

  uint64_t fp = in->footprint > in->size ? in->footprint : in->size;
  d.percent_x10 = fp ? (uint32_t)((unsigned __int128)in->size * 1000 / fp) : 0;

  bool rule = oli_policy_is_rule(in->policy);
  oli_placement_t fixed = oli_policy_placement(in->policy);
  if (!rule && fixed == OLI_PLACE_DEFAULT) return d; /* off */
  if (in->size < in->min_size) {
    d.reason = OLI_WHY_SMALL;
    return d;
  }
  const oli_topology_t *t = in->topo;
  if (t == NULL || t->local_node < 0) { /* nothing known about nodes: leave it */
    d.reason = OLI_WHY_NO_CXL;
    return d;
  }
  if (!rule) { /* dram, cxl, uniform: the policy's placement */
    if (place(&d, t, fixed, in->weight) && t->cxl_node >= 0) apply_budget(&d, in, false);
    return d;
  }

  /* the rule (policy oli) */
  if (t->cxl_node < 0) {
    place(&d, t, OLI_PLACE_DRAM, in->weight);
    d.reason = OLI_WHY_NO_CXL;
    return d;
  }
  const oli_plan_entry_t *plan = in->plan;
  bool large = (unsigned __int128)in->size * 100 >= (unsigned __int128)in->large_percent * fp;
  if (plan != NULL && plan->placement != OLI_PLACE_DEFAULT) {
    const uint32_t *w = plan->weight[OLI_TIER_DRAM] && plan->weight[OLI_TIER_CXL] ? plan->weight : in->weight;
    if (place(&d, t, plan->placement, w)) d.reason = OLI_WHY_PLAN;
  } else if (large && known_cold(in)) {
    place(&d, t, OLI_PLACE_DRAM, in->weight);
    d.reason = OLI_WHY_PROFILE;
  } else if (large && estimated(in) && static_cold(in) && in->dram_limit) {
    use_estimate(&d, in);
    place(&d, t, OLI_PLACE_CXL, in->weight);
    d.reason = OLI_WHY_COLD;
    return d; /* no DRAM share: the budget is not touched */
  } else if (large && estimated(in) && in->estimate.pattern == OLI_PATTERN_GATHER) {
    use_estimate(&d, in);
    place(&d, t, OLI_PLACE_DRAM, in->weight);
    d.reason = OLI_WHY_LATENCY;
    large = false; /* the budget's reserve is open to it: the last large object to be interleaved */
  } else if (large) {
    if (estimated(in)) use_estimate(&d, in);
    place(&d, t, OLI_PLACE_INTERLEAVE, in->weight);
    d.reason = OLI_WHY_LARGE;
  } else {
    place(&d, t, OLI_PLACE_DRAM, in->weight);
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
  case OLI_PLACE_CXL:
  case OLI_PLACE_RDRAM: return oli_placement_words(d->placement);
  case OLI_PLACE_INTERLEAVE: {
    char r[40];
    snprintf(buf, n, "%s %s", oli_placement_words(d->placement), _oli_decision_ratio(d, r, sizeof r));
    return buf;
  }
  }
  return "unknown placement";
}

static const char *share(uint32_t per_mille, char *buf, size_t n) {
  if (per_mille >= 10 || per_mille == 0) snprintf(buf, n, "%u%%", per_mille / 10);
  else snprintf(buf, n, "0.%u%%", per_mille);
  return buf;
}

/* ", 22.5 of traffic" when gathers make the traffic differ from the passes. */
static const char *traffic_words(const oli_decision_t *d, char *buf, size_t n) {
  float a = d->traffic, b = d->passes;
  if (a - b < 0.005f * (b > 1.0f ? b : 1.0f)) buf[0] = 0;
  else snprintf(buf, n, ", %.3g of traffic", (double)a);
  return buf;
}

int _oli_reason_format(const oli_decision_t *d, uint32_t large_percent, char *buf, size_t n) {
  char w[48], s[16], t[32];
  const char *to = where(d, w, sizeof w);
  switch (d->reason) {
  case OLI_WHY_SMALL: return snprintf(buf, n, "below OLI_MIN_SIZE: %s", to);
  case OLI_WHY_POLICY: return snprintf(buf, n, "OLI_POLICY=%s: %s", oli_policy_name(d->policy), to);
  case OLI_WHY_LARGE:
    if (d->pattern != OLI_PATTERN_NONE)
      return snprintf(buf, n, "%s of footprint, >= %u%%, %s, %s (static estimate: %.3g passes%s): %s",
                      share(d->percent_x10, s, sizeof s), large_percent, oli_access_pattern_name(d->pattern),
                      d->traffic > STATIC_COLD_PASSES * STATIC_ROUNDING ? "hot"
                      : d->confidence >= OLI_CONFIDENCE_MEDIUM          ? "cold"
                                                                         : "few passes, low confidence: not taken for cold",
                      (double)d->passes, traffic_words(d, t, sizeof t), to);
    return snprintf(buf, n, "%s of footprint, >= %u%%: %s", share(d->percent_x10, s, sizeof s),
                    large_percent, to);
  case OLI_WHY_COLD:
    return snprintf(buf, n, "%s of footprint, >= %u%%, but cold (static estimate: %.3g passes%s), DRAM budget set: %s",
                    share(d->percent_x10, s, sizeof s), large_percent, (double)d->passes,
                    traffic_words(d, t, sizeof t), to);
  case OLI_WHY_LATENCY:
    return snprintf(buf, n, "%s of footprint, >= %u%%, gather (static estimate): %s (latency-bound)",
                    share(d->percent_x10, s, sizeof s), large_percent, to);
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
  case OLI_WHY_NO_REMOTE:
    return snprintf(buf, n, "no remote DRAM node: %s", to);
  }
  return snprintf(buf, n, "%s", to);
}

void _oli_decide_defaults(oli_decide_in_t *in) {
  memset(in, 0, sizeof *in);
  in->policy = (oli_policy_t)_oli_option_get(oli_option_policy);
  in->topo = _oli_topology();
  in->min_size = (uint64_t)_oli_option_get(oli_option_min_size);
  in->large_percent = (uint32_t)_oli_option_get(oli_option_large_percent);
  in->dram_limit = (uint64_t)_oli_option_get(oli_option_dram_limit);
  _oli_weights(in->weight);
}
