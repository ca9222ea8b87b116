/* test-decide: every branch of the decision rule (runtime/policy/decide.c), the DRAM
 * budget (never exceeded, property-checked over many sizes), plan and profile
 * entries, weights with a remote DRAM target, and the words for the report. */
#include <string.h>

#include "internal.h"
#include "testhelper.h"

#define M (1ULL << 20)
#define G (1ULL << 30)

static oli_topology_t topo, nocxl, noremote;

/* The weight and node of a decision's target in a tier (0 / -1: none). */
#define W(d, tier) _oli_decision_weight(&(d), OLI_TIER_##tier)
#define NODE(d, tier) _oli_decision_node(&(d), OLI_TIER_##tier)

static oli_decide_in_t base(uint64_t size, uint64_t footprint) {
  oli_decide_in_t in;
  memset(&in, 0, sizeof in);
  in.size = size;
  in.footprint = footprint;
  in.policy = OLI_POLICY_OLI;
  in.topo = &topo;
  in.min_size = 1 * M;
  in.large_percent = 10;
  in.weight[OLI_TIER_DRAM] = 3;
  in.weight[OLI_TIER_CXL] = 1;
  return in;
}

static const char *words(const oli_decision_t *d, uint32_t lp) {
  static char buf[256];
  _oli_reason_format(d, lp, buf, sizeof buf);
  return buf;
}

int main(void) {
  memset(&topo, 0, sizeof topo);
  topo.num_nodes = 3;
  topo.local_node = 0;
  topo.cxl_node = 2;
  topo.remote_node = 1;
  nocxl = topo;
  nocxl.cxl_node = -1;
  noremote = topo;
  noremote.remote_node = -1;
  oli_decide_in_t in;
  oli_decision_t d;

  /* 1. policy off */
  in = base(100 * M, 200 * M);
  in.policy = OLI_POLICY_OFF;
  d = _oli_decide(&in);
  CHECK("off: default placement", d.placement == OLI_PLACE_DEFAULT && d.reason == OLI_WHY_POLICY);
  CHECK_STR("off: words", words(&d, 10), "OLI_POLICY=off: default policy");

  /* 2. small */
  in = base(512 * 1024, 100 * M);
  d = _oli_decide(&in);
  CHECK("small: default (glibc)", d.placement == OLI_PLACE_DEFAULT && d.reason == OLI_WHY_SMALL);
  CHECK_STR("small: words", words(&d, 10), "below OLI_MIN_SIZE: default policy");
  in = base(1 * M, 2000 * M);
  d = _oli_decide(&in);
  CHECK("small: size == min size is placed", d.placement == OLI_PLACE_DRAM);
  in = base(2 * M, 100 * M);
  in.policy = OLI_POLICY_UNIFORM;
  in.min_size = 4 * M;
  d = _oli_decide(&in);
  CHECK_EQ("small: under uniform too", d.reason, OLI_WHY_SMALL);

  /* 3. no topology */
  in = base(100 * M, 100 * M);
  in.topo = NULL;
  d = _oli_decide(&in);
  CHECK("no topology: default", d.placement == OLI_PLACE_DEFAULT && d.reason == OLI_WHY_NO_CXL);

  /* 4. policy dram */
  in = base(100 * M, 100 * M);
  in.policy = OLI_POLICY_DRAM;
  d = _oli_decide(&in);
  CHECK("dram: local DRAM", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_POLICY &&
                                d.ntargets == 1 && NODE(d, DRAM) == 0);
  CHECK_STR("dram: words", words(&d, 10), "OLI_POLICY=dram: local DRAM");
  in.topo = &nocxl;
  d = _oli_decide(&in);
  CHECK("dram without CXL: DRAM, reason policy", d.placement == OLI_PLACE_DRAM &&
                                                     d.reason == OLI_WHY_POLICY);
  in.dram_limit = 10 * M;
  d = _oli_decide(&in);
  CHECK("dram without CXL over budget: still DRAM", d.placement == OLI_PLACE_DRAM);
  in.topo = &topo;
  in.dram_used = 0;
  d = _oli_decide(&in);
  CHECK("dram over budget: spills like preferred", d.placement == OLI_PLACE_INTERLEAVE &&
                                                       d.reason == OLI_WHY_BUDGET);
  CHECK("dram over budget: DRAM part fits", _oli_decision_dram_bytes(&d, in.size) <= 10 * M &&
                                                _oli_decision_dram_bytes(&d, in.size) > 0);

  /* 5. no CXL node */
  in = base(100 * M, 100 * M);
  in.topo = &nocxl;
  d = _oli_decide(&in);
  CHECK("oli without CXL: DRAM, NO_CXL", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_NO_CXL &&
                                             NODE(d, DRAM) == 0);
  CHECK_STR("no CXL: words", words(&d, 10), "no CXL node: local DRAM");
  in.policy = OLI_POLICY_UNIFORM;
  d = _oli_decide(&in);
  CHECK("uniform without CXL: DRAM, NO_CXL", d.placement == OLI_PLACE_DRAM &&
                                                 d.reason == OLI_WHY_NO_CXL);
  in.policy = OLI_POLICY_CXL;
  d = _oli_decide(&in);
  CHECK("cxl without CXL: DRAM, NO_CXL", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_NO_CXL);

  /* 6. policy cxl */
  in = base(100 * M, 100 * M);
  in.policy = OLI_POLICY_CXL;
  in.dram_limit = 1;
  d = _oli_decide(&in);
  CHECK("cxl: CXL node, budget irrelevant", d.placement == OLI_PLACE_CXL &&
                                                d.reason == OLI_WHY_POLICY && NODE(d, CXL) == 2);
  CHECK_STR("cxl: words", words(&d, 10), "OLI_POLICY=cxl: CXL");

  /* 6b. policy rdram: everything on the nearest remote DRAM node, a baseline */
  in = base(100 * M, 100 * M);
  in.policy = OLI_POLICY_RDRAM;
  in.dram_limit = 1; /* nothing lands on local DRAM: the budget is untouched */
  d = _oli_decide(&in);
  CHECK("rdram: one remote DRAM target", d.placement == OLI_PLACE_RDRAM && d.reason == OLI_WHY_POLICY &&
                                             d.ntargets == 1 && d.target[0].tier == OLI_TIER_REMOTE &&
                                             d.target[0].node == 1 && d.target[0].weight == 1);
  CHECK_EQ("rdram: no DRAM bytes", _oli_decision_dram_bytes(&d, in.size), 0);
  CHECK_STR("rdram: words", words(&d, 10), "OLI_POLICY=rdram: remote DRAM");
  in = base(2 * M, 100 * G); /* small share: still remote, the policy is fixed */
  in.policy = OLI_POLICY_RDRAM;
  in.topo = &nocxl;
  d = _oli_decide(&in);
  CHECK("rdram without CXL: still remote DRAM", d.placement == OLI_PLACE_RDRAM && NODE(d, REMOTE) == 1);
  in.topo = &noremote;
  d = _oli_decide(&in);
  CHECK("rdram without a remote node: local DRAM, no_remote",
        d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_NO_REMOTE && NODE(d, DRAM) == 0);
  CHECK_STR("rdram without a remote node: words", words(&d, 10), "no remote DRAM node: local DRAM");
  in = base(8 * M, 100 * M);
  in.policy = OLI_POLICY_RDRAM;
  in.min_size = 16 * M;
  d = _oli_decide(&in);
  CHECK_EQ("rdram: small objects stay with glibc", d.reason, OLI_WHY_SMALL);

  /* 7. policy uniform */
  in = base(2 * M, 100 * G);
  in.policy = OLI_POLICY_UNIFORM;
  d = _oli_decide(&in);
  CHECK("uniform: even a non-large object interleaved",
        d.placement == OLI_PLACE_INTERLEAVE && d.reason == OLI_WHY_POLICY && d.ntargets == 2 &&
            NODE(d, DRAM) == 0 && NODE(d, CXL) == 2 && W(d, DRAM) == 3 && W(d, CXL) == 1);
  CHECK_STR("uniform: words", words(&d, 10), "OLI_POLICY=uniform: interleave 3:1");
  in.dram_limit = 1 * M;
  d = _oli_decide(&in);
  CHECK("uniform over budget: budget", d.reason == OLI_WHY_BUDGET &&
                                           _oli_decision_dram_bytes(&d, in.size) <= 1 * M);

  /* 8-11. policy oli: large / not large */
  in = base(38 * M, 100 * M);
  d = _oli_decide(&in);
  CHECK("oli 38%: interleave", d.placement == OLI_PLACE_INTERLEAVE && d.reason == OLI_WHY_LARGE &&
                                   W(d, DRAM) == 3 && W(d, CXL) == 1 && NODE(d, CXL) == 2);
  CHECK_EQ("oli 38%: per mille", d.percent_x10, 380);
  CHECK_STR("oli 38%: words", words(&d, 10), "38% of footprint, >= 10%: interleave 3:1");
  in = base(10 * M, 100 * M);
  d = _oli_decide(&in);
  CHECK_EQ("oli exactly 10%: large", d.reason, OLI_WHY_LARGE);
  in = base(10 * M - 1, 100 * M);
  d = _oli_decide(&in);
  CHECK("oli just below 10%: DRAM", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_NOT_LARGE);
  in = base(2 * M, 100 * M);
  d = _oli_decide(&in);
  CHECK_STR("oli 2%: words", words(&d, 10), "2% of footprint, < 10%: local DRAM");
  in = base(5 * M, 1000 * M);
  d = _oli_decide(&in);
  CHECK_STR("oli 0.5%: words", words(&d, 10), "0.5% of footprint, < 10%: local DRAM");
  in = base(5 * M, 0);
  d = _oli_decide(&in);
  CHECK("oli footprint unknown: the object is all of it", d.reason == OLI_WHY_LARGE &&
                                                              d.percent_x10 == 1000);
  in = base(50 * M, 10 * M);
  d = _oli_decide(&in);
  CHECK_EQ("oli footprint below size: 100%", d.percent_x10, 1000);
  in = base(30 * M, 100 * M);
  in.large_percent = 50;
  d = _oli_decide(&in);
  CHECK("oli large percent 50: 30% not large", d.reason == OLI_WHY_NOT_LARGE);
  CHECK_STR("oli 50%: words", words(&d, 50), "30% of footprint, < 50%: local DRAM");
  in.large_percent = 0;
  d = _oli_decide(&in);
  CHECK_EQ("oli large percent 0: everything placed is large", d.reason, OLI_WHY_LARGE);
  in = base(1ULL << 62, 1ULL << 63);
  d = _oli_decide(&in);
  CHECK("oli huge sizes: no overflow", d.percent_x10 == 500 && d.reason == OLI_WHY_LARGE);

  /* 12-13. weights */
  in = base(50 * M, 100 * M);
  in.weight[OLI_TIER_REMOTE] = 1;
  d = _oli_decide(&in);
  CHECK("3 weights: remote DRAM third target", d.ntargets == 3 && NODE(d, REMOTE) == 1 &&
                                                    W(d, REMOTE) == 1);
  CHECK_STR("3 weights: words", words(&d, 10), "50% of footprint, >= 10%: interleave 3:1:1");
  in.topo = &noremote;
  d = _oli_decide(&in);
  CHECK("3 weights without remote node: 2 targets", d.ntargets == 2);
  in = base(50 * M, 100 * M);
  in.weight[OLI_TIER_DRAM] = in.weight[OLI_TIER_CXL] = 0;
  d = _oli_decide(&in);
  CHECK("zero weights: 3:1", W(d, DRAM) == 3 && W(d, CXL) == 1);

  /* 14. plan */
  oli_plan_entry_t plan = {.id = 1, .placement = OLI_PLACE_CXL, .intensity = -1};
  in = base(2 * M, 100 * M);
  in.plan = &plan;
  d = _oli_decide(&in);
  CHECK("plan cxl: CXL", d.placement == OLI_PLACE_CXL && d.reason == OLI_WHY_PLAN);
  CHECK_STR("plan: words", words(&d, 10), "plan: CXL");
  plan.placement = OLI_PLACE_INTERLEAVE;
  plan.weight[OLI_TIER_DRAM] = 2;
  plan.weight[OLI_TIER_CXL] = 1;
  d = _oli_decide(&in);
  CHECK("plan interleave 2:1", d.placement == OLI_PLACE_INTERLEAVE && W(d, DRAM) == 2 &&
                                   W(d, CXL) == 1 && d.reason == OLI_WHY_PLAN);
  plan.weight[OLI_TIER_DRAM] = plan.weight[OLI_TIER_CXL] = 0;
  d = _oli_decide(&in);
  CHECK("plan interleave without weights: defaults", W(d, DRAM) == 3 && W(d, CXL) == 1);
  plan.placement = OLI_PLACE_DRAM;
  in = base(80 * M, 100 * M);
  in.plan = &plan;
  d = _oli_decide(&in);
  CHECK("plan dram for a large object", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_PLAN);
  in.policy = OLI_POLICY_UNIFORM;
  d = _oli_decide(&in);
  CHECK("plan ignored under uniform", d.placement == OLI_PLACE_INTERLEAVE &&
                                          d.reason == OLI_WHY_POLICY);
  in.policy = OLI_POLICY_OLI;
  in.dram_limit = 40 * M;
  d = _oli_decide(&in);
  CHECK("plan still bounded by the budget", d.reason == OLI_WHY_BUDGET &&
                                                _oli_decision_dram_bytes(&d, in.size) <= 40 * M);

  plan.placement = OLI_PLACE_RDRAM; /* a plan may say rdram too */
  in = base(60 * M, 100 * M);
  in.plan = &plan;
  d = _oli_decide(&in);
  CHECK("plan rdram: remote DRAM", d.placement == OLI_PLACE_RDRAM && d.reason == OLI_WHY_PLAN && NODE(d, REMOTE) == 1);
  in.topo = &noremote;
  d = _oli_decide(&in);
  CHECK("plan rdram without a remote node: local DRAM", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_NO_REMOTE);

  /* 15. profile intensity (plan entry without a fixed placement) */
  oli_plan_entry_t prof = {.id = 2, .placement = OLI_PLACE_DEFAULT, .intensity = 0.0};
  in = base(50 * M, 100 * M);
  in.plan = &prof;
  d = _oli_decide(&in);
  CHECK("profile cold large: DRAM", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_PROFILE);
  CHECK_STR("profile: words", words(&d, 10), "50% of footprint but cold (profile): local DRAM");
  prof.intensity = 3.5;
  d = _oli_decide(&in);
  CHECK("profile hot large: interleave", d.placement == OLI_PLACE_INTERLEAVE &&
                                             d.reason == OLI_WHY_LARGE);
  prof.intensity = -1;
  d = _oli_decide(&in);
  CHECK_EQ("profile unknown: static rule", d.reason, OLI_WHY_LARGE);

  /* 15b. the static estimate (no profile entry): cold, gather, streaming */
  __oli_site_static_t cold = {.version = 1, .size = 16, .pattern = OLI_PATTERN_STREAMING,
                              .confidence = OLI_CONFIDENCE_MEDIUM, .intensity = 0.125f, .passes = 1.0f};
  in = base(31 * M, 100 * M);
  in.estimate = cold;
  d = _oli_decide(&in);
  CHECK("static cold, no budget: the size half's interleave", d.placement == OLI_PLACE_INTERLEAVE &&
                                                                  d.reason == OLI_WHY_LARGE);
  CHECK_STR("static cold, no budget: words", words(&d, 10),
            "31% of footprint, >= 10%, streaming, cold (static estimate: 1 passes): interleave 3:1");
  in.dram_limit = 64 * G;
  d = _oli_decide(&in);
  CHECK("static cold under a budget: CXL", d.placement == OLI_PLACE_CXL && d.reason == OLI_WHY_COLD &&
                                               NODE(d, CXL) == 2 && _oli_decision_dram_bytes(&d, in.size) == 0);
  CHECK_STR("static cold: words", words(&d, 10),
            "31% of footprint, >= 10%, but cold (static estimate: 1 passes), DRAM budget set: CXL");
  in.estimate.confidence = OLI_CONFIDENCE_LOW; /* used outside the module too: maybe not cold */
  d = _oli_decide(&in);
  CHECK_EQ("static cold, confidence low: interleave", d.reason, OLI_WHY_LARGE);
  CHECK_STR("static cold, confidence low: not called cold", words(&d, 10),
            "31% of footprint, >= 10%, streaming, few passes, low confidence: not taken for cold (static estimate: "
            "1 passes): interleave 3:1");
  in.estimate = cold;
  in.plan = &prof; /* a profile entry wins over the estimate */
  prof.intensity = 3.5;
  d = _oli_decide(&in);
  CHECK("static cold but a profile says hot: interleave, no pattern", d.reason == OLI_WHY_LARGE &&
                                                                         d.pattern == OLI_PATTERN_NONE);
  prof.intensity = -1; /* unknown: the estimate again */
  d = _oli_decide(&in);
  CHECK_EQ("profile entry with unknown intensity: the estimate", d.reason, OLI_WHY_COLD);
  in.plan = NULL;
  in = base(12 * M, 100 * M);
  in.estimate = (__oli_site_static_t){.version = 1, .size = 16, .pattern = OLI_PATTERN_GATHER,
                                      .confidence = OLI_CONFIDENCE_LOW, .intensity = 4.0f, .passes = 32.0f};
  d = _oli_decide(&in);
  CHECK("static gather: DRAM", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_LATENCY);
  CHECK_STR("static gather: words", words(&d, 10),
            "12% of footprint, >= 10%, gather (static estimate): local DRAM (latency-bound)");
  /* under a budget a gather may use the reserve a streaming object may not */
  in.dram_limit = 100 * M;
  in.dram_used = 85 * M; /* 15M left, 10M of them the reserve */
  d = _oli_decide(&in);
  CHECK("static gather, 15M of budget left: whole on DRAM (reserve open)", d.placement == OLI_PLACE_DRAM &&
                                                                         d.reason == OLI_WHY_LATENCY);
  /* a gather touching each 4-byte element about once (1.41 passes, xs's
   * index grid at class S before the bank): few bytes accessed, but each
   * access fetches a 64-byte line - 22.5 sweeps of traffic, not cold */
  in.estimate = (__oli_site_static_t){.version = 1, .size = 16, .pattern = OLI_PATTERN_GATHER,
                                      .confidence = OLI_CONFIDENCE_MEDIUM, .share = {0, 0, 100},
                                      .intensity = 0.352f, .passes = 1.41f};
  d = _oli_decide(&in);
  CHECK("static gather at 1.41 passes under a budget: latency-bound DRAM, not cold",
        d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_LATENCY && d.traffic > 22.0f && d.traffic < 23.0f);
  in.estimate.share[2] = 0; /* the same passes, streaming: 1.41 sweeps of traffic, cold */
  in.estimate.pattern = OLI_PATTERN_STREAMING;
  d = _oli_decide(&in);
  CHECK("static streaming at 1.41 passes under a budget: cold, CXL", d.placement == OLI_PLACE_CXL &&
                                                                         d.reason == OLI_WHY_COLD);
  /* the same sweeps, and a gather of unknown count (the pass makes the
   * pattern gather): never cold, whatever its guessed count adds */
  in.estimate.flags = OLI_STATIC_F_OPEN_GATHER;
  in.estimate.pattern = OLI_PATTERN_GATHER;
  d = _oli_decide(&in);
  CHECK("static open gather at 1.41 sweeps under a budget: latency-bound DRAM, not cold",
        d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_LATENCY);
  in.estimate.flags = 0;
  in.estimate.pattern = OLI_PATTERN_STREAMING;
  in.estimate.share[0] = 90, in.estimate.share[2] = 10; /* streaming, a tenth of it gathered: 3.5 sweeps */
  in.dram_limit = 0;
  d = _oli_decide(&in);
  CHECK_STR("static streaming with a gathered share: words", words(&d, 10),
            "12% of footprint, >= 10%, streaming, hot (static estimate: 1.41 passes, 3.52 of traffic): interleave 3:1");
  in.dram_limit = 100 * M;
  in.estimate = (__oli_site_static_t){.version = 1, .size = 16, .pattern = OLI_PATTERN_GATHER,
                                      .confidence = OLI_CONFIDENCE_LOW, .intensity = 4.0f, .passes = 32.0f};
  in.estimate.pattern = OLI_PATTERN_STREAMING;
  d = _oli_decide(&in);
  CHECK("static streaming, 15M left: the reserve is closed, a split",
        d.reason == OLI_WHY_BUDGET && _oli_decision_dram_bytes(&d, in.size) <= 5 * M);
  in.dram_limit = 0;
  in.dram_used = 0;
  d = _oli_decide(&in);
  CHECK_STR("static streaming, hot: words", words(&d, 10),
            "12% of footprint, >= 10%, streaming, hot (static estimate: 32 passes): interleave 3:1");
  in.estimate.confidence = OLI_CONFIDENCE_NONE; /* no estimate: the size half alone */
  d = _oli_decide(&in);
  CHECK_STR("no estimate: words", words(&d, 10), "12% of footprint, >= 10%: interleave 3:1");
  in = base(5 * M, 100 * M);
  in.estimate = cold;
  in.dram_limit = 64 * G;
  d = _oli_decide(&in);
  CHECK_EQ("not large: the estimate does not matter", d.reason, OLI_WHY_NOT_LARGE);

  /* 16. DRAM budget */
  in = base(2 * M, 100 * M);
  in.dram_limit = 64 * G;
  in.dram_used = 60 * G;
  d = _oli_decide(&in);
  CHECK("budget: fits, stays DRAM", d.placement == OLI_PLACE_DRAM && d.reason == OLI_WHY_NOT_LARGE);
  in = base(2 * G, 100 * G);
  in.dram_limit = 64 * G;
  in.dram_used = 63 * G;
  d = _oli_decide(&in);
  CHECK("budget: half fits -> interleave 1:1", d.placement == OLI_PLACE_INTERLEAVE &&
                                                   d.reason == OLI_WHY_BUDGET && W(d, DRAM) == 1 &&
                                                   W(d, CXL) == 1 && NODE(d, CXL) == 2);
  CHECK_STR("budget split: words", words(&d, 10), "DRAM budget nearly used: interleave 1:1");
  in.dram_used = 64 * G;
  d = _oli_decide(&in);
  CHECK("budget: exhausted -> CXL", d.placement == OLI_PLACE_CXL && d.reason == OLI_WHY_BUDGET);
  CHECK_STR("budget exhausted: words", words(&d, 10), "DRAM budget exhausted: CXL");
  in.dram_used = 70 * G;
  d = _oli_decide(&in);
  CHECK("budget: over-used -> CXL", d.placement == OLI_PLACE_CXL);
  in.dram_used = 64 * G - 32 * M; /* 1/64 of the object fits */
  d = _oli_decide(&in);
  CHECK("budget: less than 1/32 fits -> CXL", d.placement == OLI_PLACE_CXL);
  in = base(40 * G, 100 * G);
  in.dram_limit = 64 * G;
  in.dram_used = 44 * G; /* 20G left, 6.4G of it kept for small objects; 3:1 wants 30G */
  d = _oli_decide(&in);
  CHECK("budget: large interleave shrinks to 1:2", d.placement == OLI_PLACE_INTERLEAVE &&
                                                       W(d, DRAM) == 1 && W(d, CXL) == 2 &&
                                                       d.reason == OLI_WHY_BUDGET);
  CHECK("budget: large object leaves the reserve", _oli_decision_dram_bytes(&d, in.size) <=
                                                       20 * G - 64 * G / 10);
  in.dram_used = 24 * G; /* 40G left - 6.4G reserve: 3:1 (30G) fits */
  d = _oli_decide(&in);
  CHECK("budget: large interleave that fits unchanged", d.reason == OLI_WHY_LARGE &&
                                                            W(d, DRAM) == 3);
  in.dram_used = 30 * G; /* 34G left, but only 27.6G for a large object */
  d = _oli_decide(&in);
  CHECK_EQ("budget: the reserve makes a large object shrink", d.reason, OLI_WHY_BUDGET);
  in = base(64 * G, 100 * G);
  in.weight[OLI_TIER_DRAM] = 31;
  in.dram_limit = 64 * G;
  d = _oli_decide(&in);
  CHECK("budget: a huge large object first takes at most 90%",
        d.placement == OLI_PLACE_INTERLEAVE && W(d, DRAM) == 9 && W(d, CXL) == 1);
  in = base(2 * G, 100 * G);
  in.dram_limit = 64 * G;
  in.dram_used = _oli_decision_dram_bytes(&d, 64 * G);
  d = _oli_decide(&in);
  CHECK("budget: a small object after it still gets DRAM", d.placement == OLI_PLACE_DRAM &&
                                                               d.reason == OLI_WHY_NOT_LARGE);
  plan.placement = OLI_PLACE_DRAM;
  in = base(60 * G, 100 * G);
  in.plan = &plan;
  in.dram_limit = 64 * G;
  d = _oli_decide(&in);
  CHECK("budget: plan entries may use the whole budget", d.placement == OLI_PLACE_DRAM &&
                                                             d.reason == OLI_WHY_PLAN);
  in = base(80 * G, 100 * G);
  in.policy = OLI_POLICY_UNIFORM;
  in.dram_limit = 64 * G;
  d = _oli_decide(&in);
  CHECK("budget: uniform has no reserve (60G of 64G)", d.reason == OLI_WHY_POLICY);
  prof.intensity = 0.0;
  in = base(2 * G, 100 * G);
  in.plan = &prof;
  in.dram_limit = 64 * G;
  in.dram_used = 63 * G;
  d = _oli_decide(&in);
  CHECK("budget: cold object -> CXL, DRAM kept for others", d.placement == OLI_PLACE_CXL &&
                                                                 d.reason == OLI_WHY_BUDGET);
  prof.intensity = 9.0;
  d = _oli_decide(&in);
  CHECK("budget: hot object keeps what fits", d.placement == OLI_PLACE_INTERLEAVE &&
                                                  W(d, DRAM) == 1 && W(d, CXL) == 1);

  /* property: the budget is never exceeded, and only the budget shrinks DRAM */
  int violations = 0, budget_cases = 0;
  uint64_t seed = 12345;
  for (int i = 0; i < 20000; i++) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    in = base(1 * M + (seed >> 20) % (64 * G), 128 * G);
    in.dram_limit = 64 * G;
    in.dram_used = (seed >> 7) % (80 * G);
    in.policy = (oli_policy_t)((seed >> 3) % 3); /* oli, uniform, dram */
    d = _oli_decide(&in);
    uint64_t avail = in.dram_used < in.dram_limit ? in.dram_limit - in.dram_used : 0;
    if (_oli_decision_dram_bytes(&d, in.size) > avail) violations++;
    if (d.reason == OLI_WHY_BUDGET) budget_cases++;
    if (d.placement == OLI_PLACE_INTERLEAVE && (W(d, DRAM) == 0 || W(d, CXL) == 0 ||
                                                W(d, DRAM) + W(d, CXL) > 255))
      violations++;
  }
  CHECK_EQ("property: DRAM part within the budget (20000 cases)", violations, 0);
  CHECK("property: budget branch exercised", budget_cases > 1000);

  /* 18. DRAM bytes of a decision */
  d = (oli_decision_t){.placement = OLI_PLACE_INTERLEAVE, .ntargets = 2,
                       .target = {{OLI_TIER_DRAM, 0, 3}, {OLI_TIER_CXL, 2, 1}}};
  CHECK_EQ("dram bytes of 3:1", _oli_decision_dram_bytes(&d, 4000), 3000);
  d = (oli_decision_t){.placement = OLI_PLACE_INTERLEAVE, .ntargets = 3,
                       .target = {{OLI_TIER_DRAM, 0, 2}, {OLI_TIER_CXL, 2, 1}, {OLI_TIER_REMOTE, 1, 1}}};
  CHECK_EQ("dram bytes of 2:1:1 (local only)", _oli_decision_dram_bytes(&d, 4000), 2000);
  d = (oli_decision_t){.placement = OLI_PLACE_DRAM, .ntargets = 1, .target = {{OLI_TIER_DRAM, 0, 1}}};
  CHECK_EQ("dram bytes of DRAM", _oli_decision_dram_bytes(&d, 4000), 4000);
  d = (oli_decision_t){.placement = OLI_PLACE_CXL, .ntargets = 1, .target = {{OLI_TIER_CXL, 2, 1}}};
  CHECK_EQ("dram bytes of CXL", _oli_decision_dram_bytes(&d, 4000), 0);
  d = (oli_decision_t){.placement = OLI_PLACE_DEFAULT};
  CHECK_EQ("dram bytes of default", _oli_decision_dram_bytes(&d, 4000), 0);

  /* names for JSON */
  CHECK_STR("reason name", oli_reason_name(OLI_WHY_NOT_LARGE), "not_large");
  CHECK_STR("reason name budget", oli_reason_name(OLI_WHY_BUDGET), "budget");
  CHECK_STR("reason name bad", oli_reason_name((oli_reason_t)99), "unknown");
  CHECK_STR("placement name", oli_placement_name(OLI_PLACE_INTERLEAVE), "interleave");

  /* targets are explicit: tier, node, weight, in tier order */
  in = base(50 * M, 100 * M);
  in.weight[OLI_TIER_REMOTE] = 1;
  d = _oli_decide(&in);
  CHECK("targets: DRAM, CXL, remote DRAM in order",
        d.ntargets == 3 && d.target[0].tier == OLI_TIER_DRAM && d.target[0].node == 0 &&
            d.target[1].tier == OLI_TIER_CXL && d.target[1].node == 2 && d.target[2].tier == OLI_TIER_REMOTE &&
            d.target[2].node == 1);
  char r[40];
  CHECK_STR("ratio by tier", _oli_decision_ratio(&d, r, sizeof r), "3:1:1");
  in = base(100 * M, 100 * M);
  in.policy = OLI_POLICY_CXL;
  d = _oli_decide(&in);
  CHECK("cxl: one CXL target of weight 1", d.ntargets == 1 && d.target[0].tier == OLI_TIER_CXL &&
                                               d.target[0].node == 2 && d.target[0].weight == 1);
  CHECK_EQ("cxl: no DRAM target", NODE(d, DRAM), -1);
  char small[8];
  d = (oli_decision_t){.placement = OLI_PLACE_DRAM, .reason = OLI_WHY_LARGE, .percent_x10 = 380};
  int len = _oli_reason_format(&d, 10, small, sizeof small);
  CHECK("reason format truncates safely", len > 7 && strlen(small) == 7);

  return TEST_SUMMARY();
}
