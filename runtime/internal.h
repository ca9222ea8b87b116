/* runtime/internal.h - prototypes shared inside the oli runtime, grouped by
 * the file that defines them. Nothing here is exported (-fvisibility=hidden). */
#ifndef OLI_INTERNAL_H
#define OLI_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>

#include "types.h"

#if defined(__GNUC__)
#define oli_likely(x) __builtin_expect(!!(x), 1)
#define oli_unlikely(x) __builtin_expect(!!(x), 0)
#define OLI_EXPORT __attribute__((visibility("default")))
#define OLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define oli_likely(x) (x)
#define oli_unlikely(x) (x)
#define OLI_EXPORT
#define OLI_PRINTF(f, a)
#endif

/* Numbered warnings (oli_warning_t, W_*): rows of include/oli_vocab.def. */

// options.c
void _oli_options_init(void);
long _oli_option_get(oli_option_t option);
const char *_oli_option_str(oli_option_t option); /* string options, NULL unset */
bool _oli_option_is_set(oli_option_t option);
/* Parsers, pure, used by options.c and the fuzzers: 0 ok, -1 bad (msg filled). */
int _oli_parse_weights(const char *s, uint32_t w[OLI_MAX_TARGETS], int *n);
int _oli_parse_nodelist(const char *s, uint64_t *mask);

// messages.c
void _oli_verbose_message(int level, const char *fmt, ...) OLI_PRINTF(2, 3);
void _oli_warning_message(oli_warning_t id, const char *fmt, ...) OLI_PRINTF(2, 3);
void _oli_error_message(int err, const char *fmt, ...) OLI_PRINTF(2, 3);
uint64_t _oli_warning_count(oli_warning_t id);

// topology.c
/* Read a sysfs tree rooted at `root` ("/" normally; test data in tests). 0 ok. */
int _oli_topology_read(const char *root, oli_topology_t *t);
void _oli_topology_apply_overrides(oli_topology_t *t, uint64_t dram_mask, uint64_t cxl_mask);
/* Default DRAM:CXL:remote weights: HMAT bandwidth, else kernel weights, else 3:1. */
const char *_oli_topology_default_weights(const oli_topology_t *t, uint32_t w[OLI_MAX_TARGETS]);
const oli_topology_t *_oli_topology(void); /* the process's, after init */

// decide.c
oli_decision_t _oli_decide(const oli_decide_in_t *in);
/* "38% of footprint, >= 10%: interleave 3:1" */
int _oli_reason_format(const oli_decision_t *d, uint32_t large_percent, char *buf, size_t n);

// init.c
void _oli_process_init(void);
bool _oli_is_initialized(void);

/* ---- appended by the options/topology/decide engineer (compatible) ---- */
// options.c
/* Check one value without reading the environment: 0 ok (*out set, *forced for
 * "force:" node lists), -1 with one line (no "oli: error:" prefix) in msg. */
int _oli_option_check(oli_option_t option, const char *value, long *out, bool *forced, char *msg,
                      size_t n);
const char *_oli_option_name(oli_option_t option); /* "OLI_POLICY" (oli run's help) */
bool _oli_option_forced(oli_option_t option);      /* OLI_CXL_NODES=force:... */
/* OLI_WEIGHTS unpacked: 0 when unset, else 2 or 3 weights written to w. */
int _oli_option_weights(uint32_t w[OLI_MAX_TARGETS]);
void _oli_options_print(void); /* every option at verbose level 1 */
void _oli_options_reset(void); /* tests: forget cached values (not thread-safe) */
/* The environment's value now, parsed, not cached: 0 + *out; -1 unset or bad. */
int _oli_option_peek(oli_option_t option, long *out);
/* Secure execution (getauxval(AT_SECURE): setuid, setgid, file capabilities):
 * no OLI_* variable is read, every option has its default. */
bool _oli_secure(void);
void _oli_set_secure(int on); /* tests: 1 on, 0 off, -1 ask the kernel again */
long _oli_env_mpi_rank(void); /* PMI_RANK, OMPI_COMM_WORLD_RANK, ...; -1 when not under MPI */
/* Expand %p pid, %r MPI rank (0 outside MPI), %h host, %% in a file name
 * pattern; 0 ok, -1 unknown escape or buf too small. No malloc. */
int _oli_expand_pattern(const char *pattern, char *buf, size_t n);
/* OLI_REPORT / OLI_PROFILE naming standard error: "stderr", any case. */
bool _oli_is_stderr_name(const char *s);

// messages.c
/* All message output goes through one hook; NULL restores write(2) to stderr.
 * msg is one complete line ending in '\n'. */
typedef void oli_output_fun(const char *msg, void *arg);
void _oli_set_output(oli_output_fun *out, void *arg);
void _oli_messages_reset(void); /* tests: forget which warnings were printed */
uint64_t _oli_error_count(void);
/* Bad configuration: exit status 2 (after the error line was printed). */
_Noreturn void _oli_fatal_exit(void);

// topology.c
/* Recompute cpu_node/local/cxl/remote from an allowed-CPU bitmask (tests;
 * _oli_topology_read uses sched_getaffinity). current_cpu breaks ties, -1 none. */
void _oli_topology_set_cpus(oli_topology_t *t, const uint64_t *cpus, int nwords, int current_cpu);
/* Validate OLI_DRAM_NODES/OLI_CXL_NODES masks against t: 0 ok, -1 with one line
 * in msg (node missing, without memory, with CPUs as CXL unless forced, in both). */
int _oli_topology_check_overrides(const oli_topology_t *t, uint64_t dram, uint64_t cxl,
                                  bool cxl_forced, char *msg, size_t n);
int _oli_topology_dram_tier(const oli_topology_t *t); /* memory tier of DRAM, -1 unknown */
/* The caller's node of a tier (local DRAM, CXL, remote DRAM); -1 none. */
int _oli_topology_tier_node(const oli_topology_t *t, oli_tier_t tier);

// decide.c
/* Bytes of an object of `size` that decision d puts on local DRAM (for dram_used). */
uint64_t _oli_decision_dram_bytes(const oli_decision_t *d, uint64_t size);
/* The weight and node of d's target in `tier`: 0 / -1 when it has none. */
uint32_t _oli_decision_weight(const oli_decision_t *d, oli_tier_t tier);
int _oli_decision_node(const oli_decision_t *d, oli_tier_t tier);
/* d's ratio by tier, "D:C" or "D:C:R" (the report's `ratio`) into buf. */
char *_oli_decision_ratio(const oli_decision_t *d, char *buf, size_t n);
/* a:b as small integers (sum <= 32, within 5% when possible): 20000:5000 -> 4:1. */
void _oli_ratio_reduce(uint64_t a, uint64_t b, uint32_t *wa, uint32_t *wb);

// init.c
/* Process-wide weights (local DRAM, CXL, remote DRAM) and their source:
 * "user", "hmat", "kernel" or "default". */
const char *_oli_weights(uint32_t w[OLI_MAX_TARGETS]);
/* Fill the option/topology part of a decide input (policy, topo, min_size,
 * large_percent, dram_limit, weight); the caller adds site, size, footprint,
 * dram_used and plan. */
void _oli_decide_defaults(oli_decide_in_t *in);

// plan.c
typedef struct oli_plan_stats_s {
  size_t entries;   /* sites in the plan */
  size_t matched;   /* registered sites found by ID */
  size_t rematched; /* found by source location (ID changed by an edit) */
  size_t unmatched; /* registered sites the plan does not know (new) */
  size_t stale;     /* plan sites no registered site matches */
} oli_plan_stats_t;
/* Plan/profile entry for a site (OLI_PLAN): by ID, else by source location;
 * NULL when none. Loads the file on first use (a bad file: W_PLAN warning,
 * then always NULL). Thread-safe. */
const oli_plan_entry_t *_oli_plan_lookup(const __oli_site_t *site);
int _oli_plan_load(void); /* idempotent; -1 when re-entered while loading */
/* Replace the plan with a document in memory (tests, fuzzers): 0, -1 + msg. */
int _oli_plan_set_text(const char *text, size_t len, char *msg, size_t n);
void _oli_plan_init(void);  /* from process init: keeps plan.c (and its exit line) linked */
void _oli_plan_reset(void); /* tests: forget the plan; the next lookup loads OLI_PLAN */
/* Match statistics over all registered sites. */
void _oli_plan_stats(oli_plan_stats_t *st);

// profile.c
/* Write an oli-profile v1 to the file name pattern now (%p %r %h), via a
 * temporary file and rename. 0; -1 after a W_REPORT warning. Also run at exit
 * when OLI_PROFILE is set. */
int _oli_profile_write(const char *pattern);
void _oli_profile_init(void); /* from process init: keeps profile.c linked, checks OLI_PROFILE */
/* Add `weight` accesses to the live object holding addr (arena block, else
 * registered global), else to the unattributed counter. Thread-safe. */
void _oli_profile_attribute(const void *addr, uint64_t weight);
/* The two halves: the site of the live object holding addr (NULL: none), and
 * adding accesses to a site (NULL: unattributed). */
oli_site_state_t *_oli_profile_owner(const void *addr);
void _oli_profile_add(oli_site_state_t *st, uint64_t weight);

// pmu.c
enum { OLI_PMU_EVENT_HW, OLI_PMU_EVENT_SW_PAGE_FAULTS };
/* From process init: with OLI_PROFILE set and OLI_PROFILE_SOURCE auto or pmu,
 * open the sampling events and start the drain thread; else nothing. */
void _oli_pmu_init(void);
/* Attribute every sample in the ring buffers now, to the live objects, into
 * pmu.c's per-site tallies (the site counters are the portable path's). */
void _oli_pmu_drain(void);
/* Drain, then move the tallies into the site counters - unless under auto the
 * binary counted portable samples (those win: deterministic) - and clear them. */
void _oli_pmu_commit(void);
uint64_t _oli_pmu_tally(const oli_site_state_t *st); /* tests: tallied, not yet committed */
void _oli_pmu_stop(void);  /* at exit: disable the events, drain; later calls do nothing */
/* For the profile: the event sampled (NULL: no PMU samples in the profile) and
 * why not ("unavailable: perf_event_open: ...", "unused: ..."; NULL: no note). */
const char *_oli_pmu_event_name(void);
const char *_oli_pmu_status(void);
bool _oli_profile_portable_enabled(void); /* __oli_profile_access counts */

// taskpolicy.c
/* OLI_POLICY=uniform: the task policy for topology t and weights w (pure). */
void _oli_task_policy_choose(const oli_topology_t *t, const uint32_t w[OLI_MAX_TARGETS],
                             oli_task_policy_t *out);
/* Set it with set_mempolicy (process init; wsrc names the weights' source for
 * the warning). A refusal: W_MBIND, mode FAILED, default policy. */
void _oli_task_policy_apply(const oli_topology_t *t, const uint32_t w[OLI_MAX_TARGETS], const char *wsrc);
const oli_task_policy_t *_oli_task_policy(void); /* what init set (mode NONE: nothing) */
const char *_oli_task_policy_mode_name(oli_task_policy_mode_t m); /* "weighted-interleave", ... */

#endif /* OLI_INTERNAL_H */
