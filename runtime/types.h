/* runtime/types.h - every struct and enum shared inside the oli runtime, by
 * the module that owns it (the vocabulary's enums come from
 * include/oli_vocab.h). Prototypes live in internal.h; exported API in
 * include/oli.h, the ABI in include/oli_abi.h. */
#ifndef OLI_TYPES_H
#define OLI_TYPES_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "oli.h"
#include "oli_abi.h"
#include "oli_vocab.h" /* node kinds, placements, reasons, tiers, mechanisms, warnings */

#define OLI_MAX_NODES 64
#define OLI_MAX_TARGETS OLI_NODE_TIERS /* one per tier with a node: local DRAM, CXL, remote DRAM */
#define OLI_MAX_CPUS 1024 /* CPUs beyond are counted, not mapped */

/* ---- topology (topology.c) -------------------------------------------- */
typedef struct oli_node_s {
  int id;
  oli_node_kind_t kind;
  int ncpus;
  uint64_t mem_total; /* bytes, 0 unknown */
  uint64_t mem_free;
  uint32_t read_bw;  /* MB/s from HMAT access0 (0 unknown) */
  uint32_t read_lat; /* ns from HMAT access0 (0 unknown) */
  int tier;          /* memory_tiering tier index, -1 unknown */
} oli_node_t;

typedef struct oli_topology_s {
  int num_nodes; /* highest node id + 1 */
  oli_node_t nodes[OLI_MAX_NODES];
  uint8_t distance[OLI_MAX_NODES][OLI_MAX_NODES];
  int local_node;  /* caller's DRAM node (from CPU affinity), -1 unknown */
  int cxl_node;    /* nearest CXL node to local_node, -1 none */
  int remote_node; /* nearest other DRAM node, -1 none */
  int kernel_wi;   /* kernel has MPOL_WEIGHTED_INTERLEAVE (6.9+) */
  oli_thp_t thp;   /* transparent_hugepage/enabled: the stripe planner's folio */
  uint8_t kernel_weights[OLI_MAX_NODES]; /* weighted_interleave/nodeN, 0 unknown */
  /* where the caller runs, what the tree held */
  int cpu_node;  /* node holding most of the caller's allowed CPUs, -1 unknown */
  int numa;      /* 1: a sysfs node tree was read; 0: single-node fallback */
  int recorded;  /* 1: the tree is a recording (OLI_SYSFS_ROOT), not this machine's nodes */
  int hmat;      /* 1: HMAT access0 bandwidth seen for some node */
  int tiers;     /* memory tiers found under memory_tiering (0: none) */
  int machine;   /* 1: read_bw/read_lat seen from local_node come from a machine file (machine.c) */
  uint64_t cpus[OLI_MAX_NODES][OLI_MAX_CPUS / 64]; /* nodeN/cpulist as a bitmask */
} oli_topology_t;

/* ---- decision (decide.c) ---------------------------------------------- */
/* One place an object's pages go: a node of a tier, with the share of the
 * pages it gets (weights of a decision's targets form its ratio). */
typedef struct oli_target_s {
  oli_tier_t tier; /* OLI_TIER_DRAM, _CXL or _REMOTE: never _DEFAULT */
  int node;
  uint32_t weight; /* > 0 */
} oli_target_t;

/* Where one object goes. The targets say everything: a DRAM or CXL placement
 * has one (its tier's node, weight 1), an interleave one per tier it spans, in
 * tier order; the default policy none. `mechanism` is how place.c applies
 * it to the object it was made for (_oli_place_mechanism: it depends on the
 * object's pages and alignment as well). */
typedef struct oli_decision_s {
  oli_placement_t placement;
  oli_reason_t reason;
  oli_policy_t policy;        /* the policy it was made under */
  oli_mechanism_t mechanism;
  int ntargets;
  oli_target_t target[OLI_MAX_TARGETS];
  uint32_t percent_x10; /* object's share of footprint, per mille */
  /* The static estimate the rule used (reasons LARGE, COLD, LATENCY): its
   * pattern, passes and traffic (decide.c: a gathered access fetches a line);
   * pattern NONE when the size half decided alone. */
  oli_access_pattern_t pattern;
  float passes, traffic;
  uint8_t confidence; /* the estimate's (oli_confidence_t): a low one is not taken for cold */
} oli_decision_t;

/* Plan/profile entry for one site (plan.c / profile.c); NULL when none.
 * weight[] is the plan's ratio, indexed by oli_tier_t (0: no share). */
typedef struct oli_plan_entry_s {
  uint64_t id;
  oli_placement_t placement;
  uint32_t weight[OLI_NODE_TIERS];
  double intensity; /* sampled accesses per byte, < 0 unknown */
} oli_plan_entry_t;

/* Everything decide() looks at: a pure function of this. */
typedef struct oli_decide_in_s {
  const __oli_site_t *site; /* may be NULL (untagged) */
  uint64_t size;            /* bytes requested */
  uint64_t footprint;       /* expected footprint: static hints + allocated so far */
  uint64_t dram_used;       /* bytes on local DRAM so far (the default policy's too) */
  uint64_t dram_limit;      /* 0 = unlimited */
  const oli_plan_entry_t *plan;
  /* The pass's static estimate of the site (its record's block); confidence
   * NONE when there is none. */
  __oli_site_static_t estimate;
  oli_policy_t policy;
  const oli_topology_t *topo;
  uint64_t min_size;        /* OLI_MIN_SIZE */
  uint32_t large_percent;   /* OLI_LARGE_PERCENT */
  uint32_t weight[OLI_NODE_TIERS]; /* default ratio, indexed by oli_tier_t (0: no share) */
} oli_decide_in_t;

/* ---- tables committed as written (lazymap.c) ----------------------------- */
/* A table reserved as address space and committed in 64 KiB chunks as it is
 * written (lazymap.c says why). base and len are fixed once reserved. */
typedef struct oli_lazy_s {
  char *base;
  size_t len;       /* bytes reserved, whole chunks */
  uint64_t *bits;   /* one bit per chunk: committed */
  size_t committed; /* bytes committed (under the owner's lock) */
} oli_lazy_t;

/* ---- stripe planner (stripe.c) ------------------------------------------ */
/* One interleaved object, in pages (docs/runtime-internals.md, "Striping"). */
typedef struct oli_stripe_in_s {
  uint64_t start;  /* first page number of the object (address / page size): the kernel's phase */
  uint64_t npages; /* object length in pages */
  uint64_t step;   /* pages of a run per unit of weight: 2 MiB (512 with 4 KiB pages) */
  uint64_t huge;   /* pages of the kernel's interleave folio: step with THP, 1 without */
  int n;           /* targets, 1..OLI_MAX_TARGETS */
  uint32_t w[OLI_MAX_TARGETS]; /* weights, each > 0 */
  bool native;     /* the kernel interleaves this ratio itself (one VMA for the body) */
  uint64_t vmas;   /* VMAs the object may use; 0: no limit */
} oli_stripe_in_t;

typedef struct oli_stripe_s {
  uint64_t unit;       /* pages per weight unit in the page runs (a round is unit * sum(w)) */
  uint64_t phase;      /* page runs: the pattern's granule (mod sum(w)) at object page 0 */
  uint64_t body_start; /* the native body [body_start, body_start + body_pages), object pages */
  uint64_t body_pages; /* 0: no native body, all page runs */
  uint64_t vmas;       /* VMAs of the layout */
  uint64_t max_run;    /* longest stretch of pages on one node */
  bool coarsened;      /* unit above step: the VMA budget ran out */
} oli_stripe_t;

/* How one object's pages were laid out (place.c): what the report shows. */
typedef struct oli_layout_s {
  uint64_t vmas;    /* VMAs its policy ranges make (0: none counted) */
  uint64_t max_run; /* pages of the longest stretch on one node (0: not interleaved) */
  bool coarsened;   /* the VMA budget made its runs longer than max(w) x 2 MiB */
} oli_layout_t;

/* The VMA budget (vmabudget.c). */
typedef struct oli_vma_stats_s {
  bool known;             /* read (when the first interleaved object was placed) */
  uint64_t max_map_count; /* vm.max_map_count */
  uint64_t maps_at_start; /* lines of /proc/self/maps then */
  uint64_t headroom;      /* left to the application: max_map_count / 4 */
  uint64_t budget;        /* what oli's page runs may use */
  uint64_t used, peak_used, coarsened_objects;
} oli_vma_stats_t;

/* ---- live bytes and their peak (livebytes.c) ---------------------------- */
/* A count of live bytes with its exact peak, kept without a shared write on
 * the placed fast path: each thread holds freed bytes as headroom in its
 * shard (oli_shard_t), an allocation takes from its own thread's headroom
 * first. live = peak - pool - the threads' headroom. peak and pool change
 * only under livebytes.c's lock. */
typedef struct oli_live_s {
  _Atomic uint64_t peak; /* the most bytes live at once */
  _Atomic uint64_t pool; /* headroom taken back from the threads */
} oli_live_t;

/* ---- per-site run-time state (site.c) --------------------------------- */
/* Reached from __oli_site_t.slot; one per distinct site ID. */
typedef struct oli_site_state_s {
  const __oli_site_t *site;
  _Atomic uint64_t count;       /* placed objects counted with no shard (the rest: the shards' pcount) */
  _Atomic uint64_t total_bytes; /* their bytes (the rest: the shards' pbytes) */
  _Atomic uint64_t largest;
  oli_live_t live;              /* live bytes of placed objects and their peak */
  _Atomic uint64_t fallbacks; /* placement failed: default policy used */
  _Atomic uint64_t accesses;  /* profile: sampled accesses */
  /* profile: of the shards' accesses, those a loop gathered, and weight x that
   * loop's operations (__oli_profile_gather4): one relaxed add per such
   * sample, here, so that the shards' counters stay two lines */
  _Atomic uint64_t gathered, gather_ops;
  _Atomic uint32_t bypass;    /* a record of the site took the small-object fast path: counts are partial */
  _Atomic bool hint_used;     /* an object of the site exists(ed): its size hint left the pending hints */
  _Atomic uint32_t redecided; /* re-decisions applied to its objects (settle.c) */
  _Atomic int rule_note;      /* 1 + oli_redecide_t of a flip not applied (its decision contradicts the rule); 0 none */
  oli_decision_t last;        /* decision of the largest object */
  __oli_site_static_t estimate; /* the record's static estimate, read once (confidence none: none) */
  /* facts resolved once, not per allocation: */
  _Atomic uint64_t group_key;   /* settle.c: its equal-size group (0: not yet computed) */
  _Atomic uint64_t plan_gen;    /* plan.c: the plan generation plan_entry belongs to (0: none yet) */
  const oli_plan_entry_t *_Atomic plan_entry; /* its plan entry then, NULL: not in the plan */
} oli_site_state_t;

/* Per-thread small-object counters: one flat array per thread indexed by the
 * registry index, in a NORESERVE mapping (only pages of used sites become
 * resident). */
#define OLI_MAX_SITES (1u << 18)
/* The profile's address steps (site.c): between two successive samples of one
 * object on one thread, at most 8 bytes per 8-byte unit the thread accessed
 * in between (a sweep, either way), else a step like the one before (same
 * direction, length within a factor of 2: strided) or not (irregular). */
enum { OLI_STEP_FORWARD, OLI_STEP_BACKWARD, OLI_STEP_STRIDED, OLI_STEP_IRREGULAR, OLI_STEP_CLASSES };
typedef struct oli_shard_ctr_s {
  uint64_t count, bytes, largest, accesses; /* accesses: profile samples' weights */
  /* portable profile: this thread's last sample of the site, its object
   * (an identity folded to 32 bits, 0 none), and a mark: the thread's sampled
   * units then (low 24 bits) << 8 | the step before it (signed bit length + 1,
   * 8 bits, 0 none); steps by class. */
  uintptr_t last;
  uint32_t last_obj, last_mark;
  uint32_t steps[OLI_STEP_CLASSES];
  uint64_t pcount, pbytes;                  /* placed (large) objects */
  _Atomic uint64_t headroom;                /* the site's live bytes held by this thread (oli_live_t) */
  /* portable profile: the sampled addresses' offsets in their objects, lowest
   * + 1 (0: none yet) and highest + 8 (the span the samples cover) */
  uint64_t span_lo, span_hi;
  uint64_t sweep_bytes;                     /* portable profile: |step| summed over its sweep steps */
  uint64_t irregular_bytes;                 /* ... and over its irregular steps */
  uint64_t near;                            /* portable profile: the accesses of `accesses` near another (__oli_profile_near4) */
  /* 128 bytes in all: two cache lines, no neighbour shared */
} oli_shard_ctr_t;
/* Live-byte counters of the whole process with headroom in every shard: all
 * placed bytes, then one per tier. */
#define OLI_LIVE_GLOBALS (1 + OLI_TIER_COUNT_)
typedef struct oli_shard_s {
  struct oli_shard_s *next_all;
  int in_use;
  oli_shard_ctr_t *ctr; /* OLI_MAX_SITES entries, committed for the registered sites */
  oli_lazy_t ctr_l;
  /* own cache line: written by the thread on every placed allocation and free */
  _Atomic uint64_t headroom[OLI_LIVE_GLOBALS] __attribute__((aligned(64)));
} oli_shard_t;

/* ---- per-thread state of the allocation paths (alloc.c) ------------------ */
/* One initial-exec TLS block, so the small path reaches all of it through one
 * TLS offset. */
typedef struct oli_tls_s {
  __oli_site_t *cur;    /* current site (__oli_site_enter), NULL none */
  oli_shard_ctr_t *ctr; /* this thread's shard's counters, NULL until its first count (site.c) */
  oli_shard_t *shard;
  int busy;             /* inside the runtime: allocations go to glibc */
} oli_tls_t;

/* ---- placed objects (placed.c) -------------------------------------------- */
/* Test hook: replace the decision for every placed object (NULL: normal). */
typedef oli_decision_t (*oli_decide_hook_t)(const oli_decide_in_t *in);

/* ---- re-decisions (settle.c) ----------------------------------------------- */
/* One re-decision of the live objects of one site and size in one settle. */
typedef struct oli_redecision_s {
  oli_site_state_t *site;
  uint64_t size, objects;   /* objects of this size re-decided alike in one settle */
  oli_decision_t from, to;
  oli_redecide_t outcome;
  uint64_t footprint;       /* the footprint it was made against */
  uint64_t bytes_migrated, ns;
  uint32_t settle;          /* which settle (1-based) */
} oli_redecision_t;
/* The process's re-decisions so far (the report's footprint and summary). */
typedef struct oli_settle_stats_s {
  uint64_t settles, footprint, trigger; /* last settle's footprint; the next trigger */
  uint64_t redecided, rebound, migrated, bytes_migrated, ns, fallbacks, move_failed, over_budget, at_exit;
  uint64_t budget_bytes, budget_ns, log_dropped;
  bool final_done;
} oli_settle_stats_t;

/* The whole footprint's parts (placed.c): placed objects and globals, glibc's
 * heap in use (objects below OLI_MIN_SIZE, tagged or not), the modules'
 * writable data that is not a placed global. */
typedef struct oli_footprint_parts_s {
  uint64_t placed, heap, data;
} oli_footprint_parts_t;

/* ---- the arena (arena.c) ---------------------------------------------------- */
#define OLI_AF_FALLBACK 0x1u /* placement failed: default policy */
#define OLI_AF_RECYCLED 0x2u /* came from the per-placement cache */
#define OLI_AF_NOMEM 0x4u    /* NULL: the kernel refused to commit the block (errno) */
typedef struct oli_block_info_s {
  void *addr;
  uint64_t size;     /* bytes asked for */
  uint64_t capacity; /* bytes usable */
  oli_site_state_t *site;
  oli_decision_t decision; /* its placement class (placement DEFAULT after a fallback) */
  oli_decision_t want;     /* the decision it was given (also after a fallback): targets only */
  bool fallback;
  oli_layout_t layout; /* its pages' layout when placed fresh (recycled blocks keep it) */
} oli_block_info_t;
typedef struct oli_arena_stats_s {
  uint64_t reserved, carved, live_bytes, cached_bytes, cache_limit;
  uint64_t fresh, recycled, released, live_blocks;
  uint64_t cached_blocks; /* freed, resident */
} oli_arena_stats_t;

/* ---- registered globals (globals.c) ------------------------------------------- */
/* Pages of an object per node, as _oli_query_pages gives them (ok: it did). */
typedef struct oli_pages_s {
  bool ok, sampled;
  uint64_t absent;
  uint64_t per_node[OLI_MAX_NODES];
} oli_pages_t;
typedef struct oli_global_s {
  void *addr;
  uint64_t size;
  oli_site_state_t *site;
  oli_decision_t decision;
  bool fallback;
  oli_layout_t layout;     /* its pages' layout */
  const __oli_site_t *rec; /* the module's record: which module it belongs to */
  _Atomic bool unloaded;   /* its module is gone (or exiting): addr is not to be read */
  oli_pages_t pages;       /* unloaded: the pages when it was */
} oli_global_t;

/* ---- plans (plan.c) -------------------------------------------------------------- */
typedef struct oli_plan_stats_s {
  size_t entries;   /* sites in the plan */
  size_t matched;   /* registered sites found by ID */
  size_t rematched; /* found by source location (ID changed by an edit) */
  size_t unmatched; /* registered sites the plan does not know (new) */
  size_t small_new; /* ... of which nothing was placed: all objects below OLI_MIN_SIZE, or none (not in unmatched) */
  size_t stale;     /* plan sites no registered site matches */
  size_t left_out;  /* registered sites the plan left out (left_out[]: small, never allocated) */
  const __oli_site_t *first_new[2]; /* the first unmatched ones, to name them at exit */
  size_t first_stale[2];            /* the first stale entries (the plan's, plan.c) */
} oli_plan_stats_t;

/* ---- options (options.c) ---------------------------------------------------------- */
/* OLI_REPORT_FORMAT values. AUTO: json for files, text for stderr. */
typedef enum oli_report_format_e {
  OLI_REPORT_FORMAT_AUTO = 0,
  OLI_REPORT_FORMAT_TEXT = 1,
  OLI_REPORT_FORMAT_JSON = 2,
} oli_report_format_t;
/* OLI_PMU_EVENT values (pmu.c reads them). */
enum { OLI_PMU_EVENT_HW, OLI_PMU_EVENT_SW_PAGE_FAULTS };
/* OLI_PROFILE_START values: sample accesses from the start, or from the first oli_settle(). */
enum { OLI_PROFILE_FROM_START, OLI_PROFILE_FROM_SETTLE };

/* ---- messages (messages.c) ----------------------------------------------------------- */
/* All message output goes through one hook; msg is one complete line ending in '\n'. */
typedef void oli_output_fun(const char *msg, void *arg);

/* ---- OLI_POLICY=uniform's task policy (taskpolicy.c) ------------------- */
/* The mode is a vocabulary row (oli_task_policy_mode_t, include/oli_vocab.def).
 * The nodes and weights are indexed by tier (oli_tier_t): local DRAM, CXL and,
 * when nnodes is 3, remote DRAM. */
typedef struct oli_task_policy_s {
  oli_task_policy_mode_t mode;
  int nnodes;                      /* tiers used: 2 or 3 */
  int node[OLI_NODE_TIERS];        /* by tier */
  uint32_t weight[OLI_NODE_TIERS]; /* by tier: the ratio the kernel applies */
  uint32_t want[OLI_NODE_TIERS];   /* by tier: the process's weights */
  bool exact;                      /* weight is proportional to want */
} oli_task_policy_t;

#endif /* OLI_TYPES_H */
