/* common/doc.h - the one reader and the one writer of oli's JSON documents:
 * reports (oli-report, docs/report-schema.md), plans and profiles
 * (oli-plan, oli-profile, docs/profile-schema.md).
 *
 * Reader: oli_doc_parse/oli_doc_load validate a whole document against its
 * schema into oli_doc_t (a site table sorted for lookup by ID); the CLI, the
 * runtime (OLI_PLAN, embedded plans) and the pass (plan=FILE) use it, so a
 * document one accepts the others accept. Errors are one line,
 * "line L, column C: what is wrong" (the caller adds the file).
 *
 * Writer: the same site fields, written by the same table (doc.c), through
 * the JSON writer (json.h): oli_doc_write_site for any document's site,
 * plus the report, profile and plan headers. The runtime writes reports and
 * profiles, `oli profile merge` profiles, `oli plan` plans and the pass the
 * compact plan it embeds.
 *
 * Tables (doc.c): every member of a site object in any of the three
 * documents is one row of OLI_DOC_SITE_FIELDS, with its type and, per
 * document, whether it is read, required, written; every member of a
 * report's other objects (the header before "sites": options, topology,
 * striping, footprint, task_policy; the summary after them; a site's
 * redecisions[] and frames[]) is
 * one row of an OLI_DOC_<OBJECT>_MEMBERS table, naming its member of the
 * struct below. The reader (doc_read.c) and the writer (doc_write.c) walk the
 * same rows, and tools/schema/mkschema.py makes the JSON Schemas from them,
 * so each key is spelled once. */
#ifndef OLI_COMMON_DOC_H
#define OLI_COMMON_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json.h"
#include "oli_vocab.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The oli-report version written (2: pages of a global count only the pages
 * it owns wholly, pages_shared, runtime_metadata split; docs/report-schema.md).
 * Readers take 1 and 2; plans and profiles are version 1. */
#define OLI_DOC_REPORT_VERSION 2

typedef enum oli_doc_kind_e { OLI_DOC_REPORT = 1, OLI_DOC_PLAN = 2, OLI_DOC_PROFILE = 4 } oli_doc_kind_t;

/* Site fields, by bit in oli_doc_site_t.has (what the document gave; what
 * the writer writes). */
typedef enum oli_doc_field_e {
  OLI_F_ID, OLI_F_KIND, OLI_F_FILE, OLI_F_LINE, OLI_F_REL, OLI_F_FUNCTION, OLI_F_NAME, OLI_F_SIZE_HINT,
  OLI_F_COUNT, OLI_F_COUNT_PARTIAL, OLI_F_TOTAL_BYTES, OLI_F_LARGEST, OLI_F_PEAK_LIVE, OLI_F_LIFETIME_NS,
  OLI_F_ACCESSES, OLI_F_DECISION, OLI_F_RATIO, OLI_F_BYTES, OLI_F_DRAM_BYTES, OLI_F_STALL, OLI_F_NODES,
  OLI_F_MECHANISM, OLI_F_REASON, OLI_F_FALLBACKS, OLI_F_PAGES_INTENDED, OLI_F_PAGES_ACHIEVED,
  OLI_F_PAGES_NOT_PRESENT, OLI_F_PAGES_SHARED, OLI_F_PAGES_SAMPLED, OLI_F_LONGEST_RUN, OLI_F_FRAMES,
  OLI_F_SHARE_AT_DECISION, OLI_F_SHARE_OF_PEAK, OLI_F_RULE, OLI_F_REDECISIONS, OLI_F_WHY,
  OLI_F_PLANNED, OLI_F_PATTERN, OLI_F_PATTERN_SOURCE, OLI_F_TOUCHED, OLI_F_CHAINED, OLI_F_NEAR_ACCESSES, OLI_F_GATHER_ACCESSES,
  OLI_F_GATHER_OPS, OLI_F_COUNT_
} oli_doc_field_t;
#define OLI_HAS(s, f) (((s)->has >> (f)) & 1u)
#define OLI_SET(s, f) ((s)->has |= 1ull << (f))

#define OLI_DOC_MAX_PAGE_NODES 64
typedef struct oli_doc_pages_s { /* pages per node, nodes ascending */
  int n;
  struct { int node; uint64_t pages; } e[OLI_DOC_MAX_PAGE_NODES];
} oli_doc_pages_t;

/* One entry of a report site's redecisions[] (docs/report-schema.md). */
typedef struct oli_doc_redecision_s {
  uint32_t settle;                  /* which settle, 1-based */
  uint64_t size, objects;           /* objects of that size re-decided alike */
  const char *from, *to;            /* decisions in words: "dram", "interleave 4:1" */
  oli_redecide_t outcome;
  uint64_t footprint, bytes_migrated, ns;
} oli_doc_redecision_t;

/* A number a report may give as null: has false. */
typedef struct oli_doc_nu64_s {
  bool has;
  uint64_t v;
} oli_doc_nu64_t;
typedef struct oli_doc_ni64_s {
  bool has;
  int64_t v;
} oli_doc_ni64_t;

/* A list of node numbers (a report's task_policy.nodes). */
typedef struct oli_doc_nodes_s {
  int n;
  int node[OLI_DOC_MAX_PAGE_NODES];
} oli_doc_nodes_t;

/* The report's header objects (docs/report-schema.md), one struct each;
 * each member is a row of the object's table in doc.c (the JSON key and
 * the member's name there). */
typedef struct oli_doc_task_policy_s { /* task_policy: null when !present */
  bool present;
  oli_task_policy_mode_t mode;
  oli_doc_nodes_t nodes;
  uint32_t weights[OLI_NODE_TIERS];
  bool exact;
} oli_doc_task_policy_t;

typedef struct oli_doc_options_s {
  uint64_t dram_limit, min_size;
  int64_t large_percent;
  uint32_t weights[OLI_NODE_TIERS];
} oli_doc_options_t;

typedef struct oli_doc_node_s { /* topology.nodes[] */
  int64_t node;
  oli_node_kind_t kind;
  uint32_t cpus;
  uint64_t mem_total;
  oli_doc_nu64_t read_bandwidth, read_latency; /* MB/s, ns; null when unknown */
} oli_doc_node_t;

typedef struct oli_doc_topology_s {
  int64_t local_node, cxl_node, remote_node; /* -1: none */
  bool weighted_interleave;
  const char *weights_source;
  struct { size_t n; oli_doc_node_t *e; } nodes; /* the reader allocates e */
} oli_doc_topology_t;

typedef struct oli_doc_striping_s {
  oli_thp_t thp;
  uint64_t folio, step;
  oli_doc_nu64_t max_map_count, maps_at_start, headroom, vma_budget; /* null: never read */
  uint64_t vmas_used, vmas_peak, coarsened_objects;
} oli_doc_striping_t;

typedef struct oli_doc_footprint_s {
  uint64_t peak, live, placed_peak, placed, heap, data;
  oli_doc_nu64_t nothing_placed_largest, option;
  uint64_t static_hints, pending_hints, settles, settled_at;
  bool final_settle;
} oli_doc_footprint_t;

/* A report's members between "program" and "sites". */
typedef struct oli_doc_report_head_s {
  const char *oli_version;
  uint64_t pid;
  oli_doc_ni64_t rank;       /* null outside MPI */
  oli_policy_t policy;
  oli_doc_task_policy_t task_policy;
  oli_doc_options_t options;
  oli_doc_topology_t topology;
  oli_doc_striping_t striping;
  oli_doc_footprint_t footprint;
} oli_doc_report_head_t;

/* One frame of a call-stack site (a program not built with the plugin):
 * the ELF file, its GNU build ID, the return address at its link-time
 * addresses. */
#define OLI_DOC_MAX_FRAMES 8
typedef struct oli_doc_frame_s {
  const char *module, *build_id; /* build_id "" when the module has none */
  uint64_t offset;
} oli_doc_frame_t;

typedef struct oli_doc_site_s {
  uint64_t has;             /* bit per oli_doc_field_t */
  uint64_t id;
  const char *kind, *file, *function, *name, *reason; /* "" when absent or null */
  const char *pattern;      /* profile: the access pattern ("gather", ...), "" unknown */
  const char *pattern_source; /* profile: what gave it: "profile" (the sampled addresses' steps) or "static" */
  uint32_t line, rel;
  uint64_t size_hint, count, total_bytes, largest, peak_live, lifetime_ns, accesses;
  uint64_t touched;         /* profile: span of the sampled addresses within its objects, bytes; 0 unknown */
  uint64_t near_accesses;   /* profile: of accesses, those using lines another access of their iteration brought */
  uint64_t gather_accesses; /* profile: of accesses, those in a loop whose addresses wait on a value the
                             * iteration loads (a gather, a search, a chase) */
  uint64_t gather_ops;      /* profile: each of those times its loop's operations per iteration, summed:
                             * / gather_accesses, the work a core holds in flight per miss */
  uint64_t bytes, dram_bytes, fallbacks, pages_not_present, pages_shared;
  uint64_t longest_run;     /* report: bytes of the measured object's longest stretch on one node */
  double stall;
  bool count_partial, pages_sampled;
  bool chained;             /* profile: the pass's estimate found its gathered accesses chained (each
                             * address from a value loaded before it: a binary search, a pointer chase) */
  oli_placement_t placement;          /* decision */
  uint32_t weight[OLI_NODE_TIERS];    /* ratio by tier, with an interleave decision */
  oli_mechanism_t mechanism;
  int nnodes, nodes[OLI_NODE_TIERS];  /* report: the decision's target nodes */
  oli_doc_pages_t *intended, *achieved; /* report; NULL when absent or empty */
  double share_at_decision, share_of_peak; /* report: percent of the footprint */
  oli_redecide_t rule;                /* report: why the rule's verdict was not applied (OLI_F_RULE) */
  size_t nredecisions;                /* report: redecisions[] */
  oli_doc_redecision_t *redecisions;  /* NULL when none */
  size_t nframes;                     /* a call-stack site's frames[] (OLI_F_FRAMES), innermost first */
  oli_doc_frame_t frames[OLI_DOC_MAX_FRAMES];
  oli_left_out_t left_out;            /* a plan's left_out[] entry: why (OLI_F_WHY) */
  oli_placement_t planned;            /* report: the plan's decision the run did not follow (OLI_F_PLANNED) */
  uint32_t planned_weight[OLI_NODE_TIERS]; /* its ratio by tier (interleave; all 0: the run's weights) */
  uint32_t at_line, at_col;           /* where the site object starts (read) */
} oli_doc_site_t;

/* A report's summary.migration and footprint.settles: the re-decisions' totals. */
typedef struct oli_doc_migration_s {
  bool present; /* summary.migration given (optional) */
  uint64_t settles, redecided, rebound, migrated, bytes, ns, fallbacks, move_failed, over_budget, at_exit;
  uint64_t budget_bytes, budget_ns, records_dropped;
} oli_doc_migration_t;

/* A report's summary.allocator: whose malloc the process called, and (host
 * mode, docs/runtime.md "The process's allocator") the placed objects made
 * as that allocator's blocks. */
typedef struct oli_doc_allocator_s {
  bool present;     /* summary.allocator given (optional: reports since host mode) */
  bool host;        /* "mode": "host"; false: "interposed" (liboli's) */
  const char *name; /* "liboli", "glibc", "libjemalloc.so.2", ... */
  uint64_t blocks, live_blocks, unseen_frees, unseen_bytes;
} oli_doc_allocator_t;

/* A report's summary.runtime_metadata (optional: reports since issue 7). */
typedef struct oli_doc_metadata_s {
  bool present;
  uint64_t bytes, tracked_objects, bytes_per_object;
  oli_doc_nu64_t fixed_bytes, object_bytes; /* version 2: bytes = fixed + objects */
} oli_doc_metadata_t;

/* A report's summary (its table in doc.c). */
typedef struct oli_doc_summary_s {
  bool present;
  uint64_t placed_objects, small_objects, small_objects_partial_sites, fallbacks, dram_saved;
  uint64_t bytes[OLI_TIER_COUNT_];   /* by tier name */
  oli_doc_metadata_t metadata;
  oli_doc_migration_t migration;
  oli_doc_allocator_t allocator;
  uint64_t warnings[W_MAX_];         /* summary.warnings: count per warning (written when not 0) */
} oli_doc_summary_t;

/* A profile's measured tiers (also a plan model's). */
typedef struct oli_doc_tiers_s {
  bool has[OLI_NODE_TIERS];
  double bandwidth[OLI_NODE_TIERS], latency[OLI_NODE_TIERS]; /* MB/s, ns */
} oli_doc_tiers_t;

/* A profile's "phase": which part of the run its access samples cover
 * (docs/profile-schema.md). */
typedef struct oli_doc_phase_s {
  bool from_settle;          /* OLI_PROFILE_START=settle: sampling waited for the first oli_settle() */
  bool waiting;              /* ... and it never came: no access sampled */
  uint64_t pauses;           /* oli_profile_pause() calls */
  uint64_t skipped_accesses; /* the weight of the samples dropped while paused */
} oli_doc_phase_t;

/* A plan's "predicted": the run's seconds per policy (oli plan). */
typedef struct oli_doc_predicted_s {
  bool has;           /* given (first member: the tables' optional object) */
  double seconds[4];  /* dram, uniform, oli, plan (OLI_DOC_PREDICTED order) */
  double threads;     /* the thread count they are for */
  const char *model;  /* the model's source in words, "" when absent */
  double dram_memory; /* the all-DRAM run's memory time, 0 when absent */
  double dram_core;   /* and its core's: cache hits plus compute, 0 when absent */
} oli_doc_predicted_t;

typedef struct oli_doc_s {
  const char *path;          /* the file (oli_doc_load), else NULL */
  oli_doc_kind_t kind;
  const char *schema;
  int version;               /* the document's schema version */
  const char *program;       /* "" when absent */
  size_t nsites;
  oli_doc_site_t *sites;     /* in document order */
  /* plan */
  size_t nleft;
  oli_doc_site_t *left;      /* left_out[]: the profile's sites the plan left out, with why (OLI_F_WHY) */
  oli_doc_nu64_t dram_limit;         /* plan: the budget it was made for (0 unlimited); null unknown */
  /* profile; footprint_peak is a report's footprint.peak too */
  uint64_t footprint_peak, runs;
  uint64_t run_ns;                   /* profile: wall time its samples cover, ns (0 unknown) */
  uint64_t threads;                  /* profile: most threads seen at once (0 unknown) */
  oli_access_source_t access_source; /* NONE when absent */
  bool has_phase;                    /* "phase" given */
  oli_doc_phase_t phase;
  const char *access_event;          /* "" when absent */
  oli_doc_tiers_t tiers;
  const char *pmu_status;            /* profile: why PMU sampling is not in use, "" when absent */
  uint64_t sampled_accesses;         /* profile: accesses the portable or PMU sampler counted (0 none) */
  uint64_t unattributed_accesses;    /* profile: those of no site's object */
  uint64_t operations;               /* profile: operations the instrumented code ran, all threads (0 unknown) */
  oli_doc_ni64_t profile_rank;       /* profile: the MPI rank that wrote it, null outside MPI */
  oli_doc_predicted_t predicted;     /* plan: "predicted" (optional) */
  /* report */
  oli_doc_report_head_t report;      /* zero where the report lacks a member */
  oli_doc_summary_t summary;
  /* private */
  oli_json_doc_t *json;
  const oli_json_t *root;
  void *index; /* site indices sorted by ID */
  void *left_index; /* left_out[] indices sorted by ID */
  void (*release)(void *);
} oli_doc_t;

/* Parse `len` bytes as a document of a kind in `accept` (a mask of
 * oli_doc_kind_t). limits may be NULL (defaults; its allocator is used for
 * everything the document holds). 0 ok; -1 with one line in msg. */
int oli_doc_parse(const char *text, size_t len, unsigned accept, const oli_json_limits_t *limits,
                  oli_doc_t *doc, char *msg, size_t n);
/* The same from a file (at most 64 MiB). */
int oli_doc_load(const char *path, unsigned accept, const oli_json_limits_t *limits, oli_doc_t *doc,
                 char *msg, size_t n);
void oli_doc_free(oli_doc_t *doc);
/* Index of the site with `id` in doc->sites, -1 when none (binary search). */
long oli_doc_find(const oli_doc_t *doc, uint64_t id);
/* Index of a plan's left-out site with `id` in doc->left, -1 when none. */
long oli_doc_find_left(const oli_doc_t *doc, uint64_t id);
/* The members of a plan's "predicted", in oli_doc_predicted_t.seconds order. */
#define OLI_DOC_PREDICTED {"dram", "uniform", "oli", "plan"}
/* "oli-report", "oli-plan", "oli-profile". */
const char *oli_doc_schema(oli_doc_kind_t kind);
/* "dram", "interleave 3:1", "cxl", "default" or "-" (no decision). */
const char *oli_doc_site_placement(const oli_doc_site_t *s, char *buf, size_t n);
/* Same decision and an equivalent ratio (6:2 = 3:1). */
bool oli_doc_same_placement(const oli_doc_site_t *a, const oli_doc_site_t *b);

/* A report site's pages against its decision (docs/report-schema.md, "Pages").
 * judged: the decision intended pages (a placed object); then `misplaced`
 * counts the pages present on a node beyond what it was meant to get, and
 * `mismatch` is set when they exceed the tolerance: none for exact counts,
 * 1% of the intended pages (at least 1 per node) when sampled, and in a
 * version 1 report the 2 edge pages a global shares with its neighbours.
 * Untouched pages (on no node yet) are never a mismatch. */
typedef struct oli_doc_pages_cmp_s {
  bool judged, mismatch;
  uint64_t intended, present, untouched, misplaced;
} oli_doc_pages_cmp_t;
void oli_doc_pages_compare(const oli_doc_site_t *s, int version, oli_doc_pages_cmp_t *out);
/* The pages cell of the text tables (oli report, the runtime's table):
 * "0:8192/16384 2:0/4096 +8192 untouched" - per node pages present/intended,
 * then the untouched pages; "0:2049" (present only) when nothing was
 * intended; " (sampled)" when counted from a sample; "-" when nothing is
 * known. Returns buf. */
char *oli_doc_pages_cell(const oli_doc_site_t *s, char *buf, size_t n);

/* A report's site that made no object and has no plan entry the run did not
 * follow: not a row of the text tables (a wrapper's inner calls, code not run). */
bool oli_doc_site_made_nothing(const oli_doc_site_t *s);
/* The text tables' count cell: "12", "12+" when more were made uncounted
 * (count_partial). Returns buf. */
char *oli_doc_count_cell(const oli_doc_site_t *s, char *buf, size_t n);
/* The text tables' lines under the rows: "11 sites made no object (not shown;
 * each is in the JSON report)", and "6 placed sites had no live object at the
 * report: pages are read from live objects only" (why their pages read "-"). */
char *oli_doc_idle_words(size_t sites, char *buf, size_t n);
char *oli_doc_freed_words(size_t sites, char *buf, size_t n);

/* The summary's runtime metadata in words, for the text tables: "152.6 KiB
 * fixed + 2.0 KiB for 3 tracked objects (682 B each)" (version 2), or the
 * total with its bytes per object (version 1: the total divided). */
char *oli_doc_metadata_words(const oli_doc_summary_t *s, char *buf, size_t n);

/* The re-decision lines of the text tables (oli report, the runtime's):
 * "re-decided at settle 2: 1 x 40.0 MiB dram -> interleave 4:1: migrated,
 * 40.0 MiB in 1.8 ms". Returns buf. */
char *oli_doc_redecision_words(const oli_doc_redecision_t *x, char *buf, size_t n);
/* A site whose rule verdict was not applied: "! 12.0% of the peak footprint
 * (2.4% when decided): the rule says otherwise, not applied: <rule's words>". */
char *oli_doc_rule_words(double share_of_peak, double share_at_decision, oli_redecide_t rule, char *buf, size_t n);
/* The footprint line: "peak 1.2 GiB, 3 settles, 2 re-decisions (1 re-bound,
 * 1 migrated: 40.0 MiB in 1.8 ms; 0 over the migration budget, 0 failed moves)". */
/* "glibc, not liboli's: host mode, 12 placed objects as its blocks (3 live),
 * 2 freed by code not built with the plugin (24.0 MiB)" or "liboli's (interposed)". */
char *oli_doc_allocator_words(const oli_doc_allocator_t *a, char *buf, size_t n);
char *oli_doc_migration_words(uint64_t peak, const oli_doc_migration_t *m, char *buf, size_t n);
/* "32.0 MiB", or with " (not kept: ...)" when the run had nowhere else to
 * put what does not fit (no CXL or remote node): a report's DRAM limit. */
char *oli_doc_limit_words(uint64_t limit, bool elsewhere, char *buf, size_t n);

/* ---- writing ---------------------------------------------------------------- */
/* One site object of a `kind` document: the fields set in s->has that the
 * document carries, in the table's order, as the schema writes them. */
void oli_doc_write_site(oli_jw_t *w, oli_doc_kind_t kind, const oli_doc_site_t *s);
/* One entry of a plan's left_out[]: id, where the site is, count, largest, why. */
void oli_doc_write_left_out(oli_jw_t *w, const oli_doc_site_t *s);
/* Open the document: {"schema": ..., "version": 1, "program": ...; the
 * caller adds its header members, then oli_jw_array(w, "sites", ...). */
void oli_doc_write_begin(oli_jw_t *w, oli_doc_kind_t kind, const char *program);
/* A report's members after "program", before "sites" (the runtime's). */
void oli_doc_write_report_head(oli_jw_t *w, const oli_doc_report_head_t *h);
/* Members shared by profiles and plans. */
void oli_doc_write_tiers(oli_jw_t *w, const char *key, const oli_doc_tiers_t *t);
/* A profile's "phase": {"from": "start"|"settle", "waiting", "pauses", "skipped_accesses"}. */
void oli_doc_write_phase(oli_jw_t *w, const oli_doc_phase_t *p);
/* A profile's members between "program" and "sites" from d (OLI_DOC_PROFILE_MEMBERS;
 * phase when d->has_phase, tiers when d->tiers has one). */
void oli_doc_write_profile_head(oli_jw_t *w, const oli_doc_t *d);
/* A plan's dram_limit and predicted from d (OLI_DOC_PLAN_MEMBERS). */
void oli_doc_write_plan_head(oli_jw_t *w, const oli_doc_t *d);
/* The phase in words: "from the first oli_settle(), 2 pauses, 1.5e+06 accesses skipped". */
char *oli_doc_phase_words(const oli_doc_phase_t *p, char *buf, size_t n);
/* A report's "summary", with its warnings (the counts not 0). */
void oli_doc_write_summary(oli_jw_t *w, const oli_doc_summary_t *s);

#ifdef __cplusplus
}
#endif
#endif /* OLI_COMMON_DOC_H */
