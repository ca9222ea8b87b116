/* common/doc.c - the tables of oli-report, oli-plan and oli-profile (doc.h),
 * and their members in words for the text tables.
 *
 * Every member is one row: the site fields of the three documents in
 * OLI_DOC_SITE_FIELDS, a report's other objects in OLI_DOC_*_MEMBERS. The
 * reader (doc_read.c) validates by them, the writer (doc_write.c) writes by
 * them and tools/schema/mkschema.py makes the JSON Schemas from them, so a
 * member's name, type and meaning are spelled once for all three documents. */
#include "doc.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "doc_table.h"
#include "grammar.h"

/* ---- the site field table ------------------------------------------------------
 * X(Id, Key, Type, Report, Plan, Profile, Left): OLI_F_<Id>, member Key
 *   Type      how the member is read and written (doc_table.h)
 *   per document (Left: a plan's left_out[] entry): N not a member; O
 *   optional; R required; A optional to read, always written (null when the
 *   writer has no value) */
#define OLI_DOC_SITE_FIELDS(X)                                                                \
  X(ID, "id", T_ID, R, R, R, R)                                                               \
  X(KIND, "kind", T_STR, A, O, A, O)                                                          \
  X(FILE, "file", T_STR, A, O, A, O)                                                          \
  X(LINE, "line", T_U32, A, O, O, O)                                                          \
  X(REL, "rel", T_U32, A, O, A, O)                                                            \
  X(FUNCTION, "function", T_STR, A, O, A, O)                                                  \
  X(NAME, "name", T_NSTR, A, O, A, O)                                                         \
  X(SIZE_HINT, "size_hint", T_NU64, A, N, N, N)                                               \
  X(COUNT, "count", T_U64, A, N, R, O)                                                        \
  X(COUNT_PARTIAL, "count_partial", T_BOOL, A, N, N, N)                                       \
  X(TOTAL_BYTES, "total_bytes", T_U64, A, N, R, N)                                            \
  X(LARGEST, "largest", T_U64, A, N, R, O)                                                    \
  X(PEAK_LIVE, "peak_live", T_U64, A, N, R, N)                                                \
  X(LIFETIME_NS, "lifetime_ns", T_U64, N, N, O, N)                                            \
  X(ACCESSES, "accesses", T_U64, N, O, R, N)                                                  \
  X(DECISION, "decision", T_DECISION, R, R, N, N)                                             \
  X(RATIO, "ratio", T_RATIO, A, A, N, N)                                                      \
  X(BYTES, "bytes", T_U64, N, O, N, N)                                                        \
  X(DRAM_BYTES, "dram_bytes", T_U64, N, O, N, N)                                              \
  X(STALL, "stall", T_DBL, N, O, N, N)                                                        \
  X(NODES, "nodes", T_NODES, A, N, N, N)                                                      \
  X(MECHANISM, "mechanism", T_MECH, A, N, N, N)                                               \
  X(REASON, "reason", T_STR, A, O, N, N)                                                      \
  X(FALLBACKS, "fallbacks", T_U64, A, N, N, N)                                                \
  X(PAGES_INTENDED, "pages_intended", T_PAGES, A, N, N, N)                                    \
  X(PAGES_ACHIEVED, "pages_achieved", T_PAGES, A, N, N, N)                                    \
  X(PAGES_NOT_PRESENT, "pages_not_present", T_U64, A, N, N, N)                                \
  X(PAGES_SHARED, "pages_shared", T_U64, A, N, N, N)                                          \
  X(PAGES_SAMPLED, "pages_sampled", T_BOOL, A, N, N, N)                                       \
  X(LONGEST_RUN, "longest_run", T_NU64, A, N, N, N)                                           \
  X(FRAMES, "frames", T_FRAMES, O, O, O, O)                                                   \
  X(SHARE_AT_DECISION, "share_at_decision", T_DBL, A, N, N, N)                                \
  X(SHARE_OF_PEAK, "share_of_peak", T_DBL, A, N, N, N)                                        \
  X(RULE, "rule", T_RULE, A, N, N, N)                                                         \
  X(REDECISIONS, "redecisions", T_REDECISIONS, A, N, N, N)                                    \
  X(WHY, "why", T_WHY, N, N, N, R)                                                            \
  X(PLANNED, "planned", T_PLANNED, O, N, N, N)                                                \
  X(PATTERN, "pattern", T_STR, N, N, O, N)                                                    \
  X(PATTERN_SOURCE, "pattern_source", T_STR, N, N, O, N)                                      \
  X(TOUCHED, "touched", T_U64, N, N, O, N)                                                    \
  X(CHAINED, "chained", T_BOOL, N, N, O, N)                                                   \
  X(NEAR_ACCESSES, "near_accesses", T_U64, N, N, O, N)                                       \
  X(GATHER_ACCESSES, "gather_accesses", T_U64, N, N, O, N)                                   \
  X(GATHER_OPS, "gather_ops", T_U64, N, N, O, N)

const field_t _oli_doc_fields[OLI_F_COUNT_] = {
#define FIELD_ROW(Id, Key, Type, Rep, Plan, Prof, Left) [OLI_F_##Id] = {Key, Type, {Rep, Plan, Prof, Left}},
    OLI_DOC_SITE_FIELDS(FIELD_ROW)
#undef FIELD_ROW
};

/* ---- the other objects' member tables -----------------------------------------
 * OLI_DOC_<OBJECT>_MEMBERS(X): X(Key, Member, Type, Use, Sub), one row per
 * member in the order written:
 *   Key       the JSON key
 *   Member    the member of the object's struct (doc.h) that holds it
 *   Type      doc_table.h; T_OBJ, T_NOBJ and T_OBJS name their table in Sub
 *   Use       R a reader requires it; O it need not (older reports lack it);
 *             the writer writes every member, null where the type allows
 *   Sub       the table of an object member, else NONE */

/* a report's topology.nodes[] (oli_doc_node_t) */
#define OLI_DOC_NODE_MEMBERS(X)                                  \
  X("node", node, T_NODE, O, NONE)                               \
  X("kind", kind, T_NODE_KIND, O, NONE)                          \
  X("cpus", cpus, T_U32, O, NONE)                                \
  X("mem_total", mem_total, T_U64, O, NONE)                      \
  X("read_bandwidth", read_bandwidth, T_NUM, O, NONE)            \
  X("read_latency", read_latency, T_NUM, O, NONE)

/* a report's "topology" (oli_doc_topology_t) */
#define OLI_DOC_TOPOLOGY_MEMBERS(X)                              \
  X("local_node", local_node, T_INT, O, NONE)                    \
  X("cxl_node", cxl_node, T_INT, O, NONE)                        \
  X("remote_node", remote_node, T_INT, O, NONE)                  \
  X("weighted_interleave", weighted_interleave, T_BOOL, O, NONE) \
  X("weights_source", weights_source, T_STR, O, NONE)            \
  X("nodes", nodes, T_OBJS, O, NODE)

/* a report's "options" (oli_doc_options_t) */
#define OLI_DOC_OPTIONS_MEMBERS(X)                               \
  X("dram_limit", dram_limit, T_U64, O, NONE)                    \
  X("large_percent", large_percent, T_PCT, O, NONE)              \
  X("min_size", min_size, T_U64, O, NONE)                        \
  X("weights", weights, T_WEIGHTS, O, NONE)

/* a report's "task_policy" (oli_doc_task_policy_t), null when not set */
#define OLI_DOC_TASK_POLICY_MEMBERS(X)                           \
  X("mode", mode, T_TASK_MODE, O, NONE)                          \
  X("nodes", nodes, T_NODELIST, O, NONE)                         \
  X("weights", weights, T_WEIGHTS, O, NONE)                      \
  X("exact", exact, T_BOOL, O, NONE)

/* a report's "striping" (oli_doc_striping_t) */
#define OLI_DOC_STRIPING_MEMBERS(X)                              \
  X("thp", thp, T_THP, O, NONE)                                  \
  X("folio", folio, T_U64, O, NONE)                              \
  X("step", step, T_U64, O, NONE)                                \
  X("max_map_count", max_map_count, T_NUM, O, NONE)              \
  X("maps_at_start", maps_at_start, T_NUM, O, NONE)              \
  X("headroom", headroom, T_NUM, O, NONE)                        \
  X("vma_budget", vma_budget, T_NUM, O, NONE)                    \
  X("vmas_used", vmas_used, T_U64, O, NONE)                      \
  X("vmas_peak", vmas_peak, T_U64, O, NONE)                      \
  X("coarsened_objects", coarsened_objects, T_U64, O, NONE)

/* a report's "footprint" (oli_doc_footprint_t) */
#define OLI_DOC_FOOTPRINT_MEMBERS(X)                                   \
  X("peak", peak, T_U64, O, NONE)                                      \
  X("live", live, T_U64, O, NONE)                                      \
  X("placed_peak", placed_peak, T_U64, O, NONE)                        \
  X("placed", placed, T_U64, O, NONE)                                  \
  X("heap", heap, T_U64, O, NONE)                                      \
  X("data", data, T_U64, O, NONE)                                      \
  X("nothing_placed_largest", nothing_placed_largest, T_NUM, O, NONE)  \
  X("option", option, T_NUM, O, NONE)                                  \
  X("static_hints", static_hints, T_U64, O, NONE)                      \
  X("pending_hints", pending_hints, T_U64, O, NONE)                    \
  X("settles", settles, T_U64, O, NONE)                                \
  X("settled_at", settled_at, T_U64, O, NONE)                          \
  X("final_settle", final_settle, T_BOOL, O, NONE)

/* a report's members between "program" and "sites" (oli_doc_report_head_t) */
#define OLI_DOC_REPORT_MEMBERS(X)                                \
  X("oli_version", oli_version, T_STR, O, NONE)                  \
  X("pid", pid, T_U64, O, NONE)                                  \
  X("rank", rank, T_NI64, O, NONE)                               \
  X("policy", policy, T_POLICY, O, NONE)                         \
  X("task_policy", task_policy, T_NOBJ, O, TASK_POLICY)          \
  X("options", options, T_OBJ, O, OPTIONS)                       \
  X("topology", topology, T_OBJ, O, TOPOLOGY)                    \
  X("striping", striping, T_OBJ, O, STRIPING)                    \
  X("footprint", footprint, T_OBJ, O, FOOTPRINT)

/* a report's summary.runtime_metadata (oli_doc_metadata_t) */
#define OLI_DOC_METADATA_MEMBERS(X)                              \
  X("bytes", bytes, T_U64, R, NONE)                              \
  X("fixed_bytes", fixed_bytes, T_NUM, O, NONE)                  \
  X("object_bytes", object_bytes, T_NUM, O, NONE)                \
  X("tracked_objects", tracked_objects, T_U64, R, NONE)          \
  X("bytes_per_object", bytes_per_object, T_U64, R, NONE)

/* a report's summary.migration (oli_doc_migration_t; its settles is footprint's) */
#define OLI_DOC_MIGRATION_MEMBERS(X)                             \
  X("redecided", redecided, T_U64, O, NONE)                      \
  X("rebound", rebound, T_U64, O, NONE)                          \
  X("migrated", migrated, T_U64, O, NONE)                        \
  X("bytes", bytes, T_U64, O, NONE)                              \
  X("ns", ns, T_U64, O, NONE)                                    \
  X("fallbacks", fallbacks, T_U64, O, NONE)                      \
  X("move_failed", move_failed, T_U64, O, NONE)                  \
  X("over_budget", over_budget, T_U64, O, NONE)                  \
  X("at_exit", at_exit, T_U64, O, NONE)                          \
  X("budget_bytes", budget_bytes, T_U64, O, NONE)                \
  X("budget_ns", budget_ns, T_U64, O, NONE)                      \
  X("records_dropped", records_dropped, T_U64, O, NONE)

/* a report's summary.allocator (oli_doc_allocator_t) */
#define OLI_DOC_ALLOCATOR_MEMBERS(X)                             \
  X("mode", host, T_ALLOC_MODE, R, NONE)                         \
  X("name", name, T_STR, R, NONE)                                \
  X("blocks", blocks, T_U64, O, NONE)                            \
  X("live_blocks", live_blocks, T_U64, O, NONE)                  \
  X("unseen_frees", unseen_frees, T_U64, O, NONE)                \
  X("unseen_bytes", unseen_bytes, T_U64, O, NONE)

/* a report's "summary" (oli_doc_summary_t) */
#define OLI_DOC_SUMMARY_MEMBERS(X)                                           \
  X("placed_objects", placed_objects, T_U64, O, NONE)                        \
  X("small_objects", small_objects, T_U64, O, NONE)                          \
  X("small_objects_partial_sites", small_objects_partial_sites, T_U64, O, NONE) \
  X("fallbacks", fallbacks, T_U64, O, NONE)                                  \
  X("bytes", bytes, T_TIERS, O, NONE)                                        \
  X("runtime_metadata", metadata, T_OOBJ, O, METADATA)                       \
  X("dram_saved", dram_saved, T_U64, O, NONE)                                \
  X("migration", migration, T_OOBJ, O, MIGRATION)                            \
  X("allocator", allocator, T_OOBJ, O, ALLOCATOR)                            \
  X("warnings", warnings, T_WARNINGS, O, NONE)

/* a report's members after "sites" (oli_doc_t) */
#define OLI_DOC_REPORT_TAIL_MEMBERS(X)                           \
  X("summary", summary, T_OOBJ, O, SUMMARY)

/* a profile's members between "program" and "sites" (oli_doc_t; then its
 * phase and tiers, each with a writer of its own) */
#define OLI_DOC_PROFILE_MEMBERS(X)                                      \
  X("runs", runs, T_COUNT, O, NONE)                                     \
  X("footprint_peak", footprint_peak, T_U64, R, NONE)                   \
  X("run_ns", run_ns, T_U64, Z, NONE)                                   \
  X("threads", threads, T_COUNT, Z, NONE)                               \
  X("access_source", access_source, T_SOURCE, O, NONE)                  \
  X("access_event", access_event, T_STR, Z, NONE)                       \
  X("pmu_status", pmu_status, T_STR, Z, NONE)                           \
  X("sampled_accesses", sampled_accesses, T_U64, Z, NONE)               \
  X("operations", operations, T_U64, Z, NONE)                           \
  X("unattributed_accesses", unattributed_accesses, T_U64, O, NONE)     \
  X("rank", profile_rank, T_NI64, Z, NONE)

/* a plan's "predicted" (oli_doc_predicted_t): seconds of memory time per
 * policy, in OLI_DOC_PREDICTED order */
#define OLI_DOC_PREDICTED_MEMBERS(X)                             \
  X("dram", seconds[0], T_SECONDS, R, NONE)                      \
  X("uniform", seconds[1], T_SECONDS, R, NONE)                   \
  X("oli", seconds[2], T_SECONDS, R, NONE)                       \
  X("plan", seconds[3], T_SECONDS, R, NONE)                      \
  X("threads", threads, T_REAL, O, NONE)                         \
  X("model", model, T_STR, O, NONE)                              \
  X("dram_memory", dram_memory, T_SECONDS, O, NONE)              \
  X("dram_core", dram_core, T_SECONDS, O, NONE)

/* a plan's members the runtime and oli report read (oli_doc_t; oli plan
 * writes its others, which nothing reads, itself) */
#define OLI_DOC_PLAN_MEMBERS(X)                                  \
  X("dram_limit", dram_limit, T_NUM, O, NONE)                    \
  X("predicted", predicted, T_OOBJ, O, PREDICTED)

/* a report site's redecisions[] (oli_doc_redecision_t) */
#define OLI_DOC_REDECISION_MEMBERS(X)                            \
  X("settle", settle, T_U32, R, NONE)                            \
  X("size", size, T_U64, R, NONE)                                \
  X("objects", objects, T_U64, R, NONE)                          \
  X("from", from, T_STR, R, NONE)                                \
  X("to", to, T_STR, R, NONE)                                    \
  X("outcome", outcome, T_OUTCOME, R, NONE)                      \
  X("footprint", footprint, T_U64, O, NONE)                      \
  X("bytes_migrated", bytes_migrated, T_U64, O, NONE)            \
  X("ns", ns, T_U64, O, NONE)

/* a call-stack site's frames[] (oli_doc_frame_t), innermost first */
#define OLI_DOC_FRAME_MEMBERS(X)                                 \
  X("module", module, T_STR, R, NONE)                            \
  X("build_id", build_id, T_STR, O, NONE)                        \
  X("offset", offset, T_HEX, R, NONE)

#define SUB_NONE NULL
#define SUB_NODE (&node_table)
#define SUB_TOPOLOGY (&topology_table)
#define SUB_OPTIONS (&options_table)
#define SUB_TASK_POLICY (&task_policy_table)
#define SUB_STRIPING (&striping_table)
#define SUB_FOOTPRINT (&footprint_table)
#define SUB_METADATA (&metadata_table)
#define SUB_MIGRATION (&migration_table)
#define SUB_ALLOCATOR (&allocator_table)
#define SUB_SUMMARY (&summary_table)
#define SUB_PREDICTED (&predicted_table)
#define TABLE(Link, Name, What, Struct, Macro, Style)                                                      \
  static const member_t Name##_rows[] = {Macro(MEMBER_ROW)};                                                \
  Link const oli_doc_table_t Name = {What, Name##_rows, sizeof Name##_rows / sizeof Name##_rows[0], sizeof(Struct), \
                                Style}
#define MEMBER_ROW(Key, Member, Type, Use, Sub) {Key, Type, Use, offsetof(STRUCT, Member), SUB_##Sub},

#define STRUCT oli_doc_node_t
TABLE(static, node_table, "topology node", oli_doc_node_t, OLI_DOC_NODE_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_topology_t
TABLE(static, topology_table, "topology", oli_doc_topology_t, OLI_DOC_TOPOLOGY_MEMBERS, OLI_JW_LINES);
#undef STRUCT
#define STRUCT oli_doc_options_t
TABLE(static, options_table, "options", oli_doc_options_t, OLI_DOC_OPTIONS_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_task_policy_t
TABLE(static, task_policy_table, "task_policy", oli_doc_task_policy_t, OLI_DOC_TASK_POLICY_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_striping_t
TABLE(static, striping_table, "striping", oli_doc_striping_t, OLI_DOC_STRIPING_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_footprint_t
TABLE(static, footprint_table, "footprint", oli_doc_footprint_t, OLI_DOC_FOOTPRINT_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_metadata_t
TABLE(static, metadata_table, "summary.runtime_metadata", oli_doc_metadata_t, OLI_DOC_METADATA_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_migration_t
TABLE(static, migration_table, "summary.migration", oli_doc_migration_t, OLI_DOC_MIGRATION_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_allocator_t
TABLE(static, allocator_table, "summary.allocator", oli_doc_allocator_t, OLI_DOC_ALLOCATOR_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_summary_t
TABLE(static, summary_table, "summary", oli_doc_summary_t, OLI_DOC_SUMMARY_MEMBERS, OLI_JW_LINES);
#undef STRUCT
#define STRUCT oli_doc_predicted_t
TABLE(static, predicted_table, "predicted", oli_doc_predicted_t, OLI_DOC_PREDICTED_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_t
TABLE(, _oli_doc_report_tail, "report", oli_doc_t, OLI_DOC_REPORT_TAIL_MEMBERS, OLI_JW_LINES);
TABLE(, _oli_doc_profile_head, "profile", oli_doc_t, OLI_DOC_PROFILE_MEMBERS, OLI_JW_LINES);
TABLE(, _oli_doc_plan_head, "plan", oli_doc_t, OLI_DOC_PLAN_MEMBERS, OLI_JW_LINES);
#undef STRUCT
#define STRUCT oli_doc_report_head_t
TABLE(, _oli_doc_report_head, "report", oli_doc_report_head_t, OLI_DOC_REPORT_MEMBERS, OLI_JW_LINES);
#undef STRUCT
#define STRUCT oli_doc_redecision_t
TABLE(, _oli_doc_redecision, "re-decision", oli_doc_redecision_t, OLI_DOC_REDECISION_MEMBERS, OLI_JW_INLINE);
#undef STRUCT
#define STRUCT oli_doc_frame_t
TABLE(, _oli_doc_frame, "frame", oli_doc_frame_t, OLI_DOC_FRAME_MEMBERS, OLI_JW_INLINE);
#undef STRUCT

const char *const _oli_doc_allocator_modes[2] = {"interposed", "host"};
const char *const _oli_doc_phase_from[2] = {"start", "settle"};

int _oli_doc_index(oli_doc_kind_t k) {
  switch (k) {
  case OLI_DOC_REPORT: return 0;
  case OLI_DOC_PLAN: return 1;
  case OLI_DOC_PROFILE: return 2;
  }
  return 0;
}

const char *oli_doc_schema(oli_doc_kind_t kind) {
  switch (kind) {
  case OLI_DOC_REPORT: return "oli-report";
  case OLI_DOC_PLAN: return "oli-plan";
  case OLI_DOC_PROFILE: return "oli-profile";
  }
  return "?";
}

const char *oli_doc_site_placement(const oli_doc_site_t *s, char *buf, size_t n) {
  char r[40];
  if (!OLI_HAS(s, OLI_F_DECISION)) snprintf(buf, n, "-");
  else if (s->placement == OLI_PLACE_INTERLEAVE)
    snprintf(buf, n, "%s %s", oli_placement_name(s->placement), oli_format_ratio(s->weight, r, sizeof r));
  else snprintf(buf, n, "%s", oli_placement_name(s->placement));
  return buf;
}

bool oli_doc_site_made_nothing(const oli_doc_site_t *s) {
  return OLI_HAS(s, OLI_F_COUNT) && s->count == 0 && !OLI_HAS(s, OLI_F_PLANNED);
}

char *oli_doc_count_cell(const oli_doc_site_t *s, char *buf, size_t n) {
  snprintf(buf, n, "%" PRIu64 "%s", s->count, s->count_partial ? "+" : "");
  return buf;
}

char *oli_doc_idle_words(size_t sites, char *buf, size_t n) {
  snprintf(buf, n, "%zu site%s made no object (not shown; each is in the JSON report)", sites, sites == 1 ? "" : "s");
  return buf;
}

char *oli_doc_freed_words(size_t sites, char *buf, size_t n) {
  snprintf(buf, n, "%zu placed site%s had no live object at the report: pages are read from live objects only", sites,
           sites == 1 ? "" : "s");
  return buf;
}

char *oli_doc_metadata_words(const oli_doc_summary_t *sum, char *buf, size_t n) {
  char a[32], b[32];
  const oli_doc_metadata_t *s = &sum->metadata;
  if (s->fixed_bytes.has && s->object_bytes.has)
    snprintf(buf, n, "%s fixed + %s for %" PRIu64 " tracked object%s (%" PRIu64 " B each)",
             oli_format_size(s->fixed_bytes.v, a, sizeof a), oli_format_size(s->object_bytes.v, b, sizeof b),
             s->tracked_objects, s->tracked_objects == 1 ? "" : "s", s->bytes_per_object);
  else
    snprintf(buf, n, "%s for %" PRIu64 " tracked objects (%" PRIu64 " B each, fixed tables included)",
             oli_format_size(s->bytes, a, sizeof a), s->tracked_objects, s->bytes_per_object);
  return buf;
}

static uint64_t pages_on(const oli_doc_pages_t *p, int node, bool *has) {
  for (int i = 0; p && i < p->n; i++)
    if (p->e[i].node == node) return *has = true, p->e[i].pages;
  return *has = false, 0;
}

void oli_doc_pages_compare(const oli_doc_site_t *s, int version, oli_doc_pages_cmp_t *out) {
  memset(out, 0, sizeof *out);
  bool has;
  int nodes = 0;
  for (int i = 0; s->intended && i < s->intended->n; i++) out->intended += s->intended->e[i].pages, nodes++;
  for (int i = 0; s->achieved && i < s->achieved->n; i++) {
    uint64_t got = s->achieved->e[i].pages, want = pages_on(s->intended, s->achieved->e[i].node, &has);
    out->present += got;
    if (got > want) out->misplaced += got - want;
  }
  out->untouched = s->pages_not_present;
  out->judged = out->intended > 0;
  if (!out->judged) return;
  uint64_t tol = 0;
  if (s->pages_sampled) tol = out->intended / 100 + (uint64_t)nodes;
  if (version < 2 && strcmp(s->kind, oli_kind_name(OLI_KIND_GLOBAL)) == 0) tol += 2; /* its edge pages */
  out->mismatch = out->misplaced > tol;
}

char *oli_doc_pages_cell(const oli_doc_site_t *s, char *buf, size_t n) {
  size_t k = 0;
  bool has;
#define CELL(...)                                                               \
  do {                                                                          \
    if (k < n) {                                                                \
      int w_ = snprintf(buf + k, n - k, __VA_ARGS__);                           \
      k = w_ < 0 ? k : (size_t)w_ < n - k ? k + (size_t)w_ : n - 1;            \
    }                                                                           \
  } while (0)
  if (n == 0) return buf;
  buf[0] = '\0';
  for (int i = 0; s->intended && i < s->intended->n; i++)
    CELL("%s%d:%" PRIu64 "/%" PRIu64, k ? " " : "", s->intended->e[i].node,
         pages_on(s->achieved, s->intended->e[i].node, &has), s->intended->e[i].pages);
  bool judged = k > 0;
  for (int i = 0; s->achieved && i < s->achieved->n; i++) {
    pages_on(s->intended, s->achieved->e[i].node, &has);
    if (has) continue;
    if (judged) CELL(" %d:%" PRIu64 "/0", s->achieved->e[i].node, s->achieved->e[i].pages);
    else CELL("%s%d:%" PRIu64, k ? " " : "", s->achieved->e[i].node, s->achieved->e[i].pages);
  }
  if (s->pages_not_present) CELL("%s+%" PRIu64 " untouched", k ? " " : "", s->pages_not_present);
  if (k == 0) CELL("-");
  else if (s->pages_sampled) CELL(" (sampled)");
#undef CELL
  return buf;
}

char *oli_doc_redecision_words(const oli_doc_redecision_t *x, char *buf, size_t n) {
  char sz[32], mv[32];
  int k = snprintf(buf, n, "re-decided at settle %u: %" PRIu64 " x %s %s -> %s: %s", x->settle, x->objects,
                   oli_format_size(x->size, sz, sizeof sz), x->from, x->to, oli_redecide_words(x->outcome));
  if (x->outcome == OLI_REDO_MIGRATED && k >= 0 && (size_t)k < n)
    snprintf(buf + k, n - (size_t)k, ", %s in %.1f ms", oli_format_size(x->bytes_migrated, mv, sizeof mv),
             (double)x->ns / 1e6);
  return buf;
}

char *oli_doc_rule_words(double share_of_peak, double share_at_decision, oli_redecide_t rule, char *buf, size_t n) {
  snprintf(buf, n, "! %.1f%% of the peak footprint (%.1f%% when decided): the rule says otherwise, not applied: %s",
           share_of_peak, share_at_decision, oli_redecide_words(rule));
  return buf;
}

char *oli_doc_allocator_words(const oli_doc_allocator_t *a, char *buf, size_t n) {
  char b[32];
  if (!a->host) snprintf(buf, n, "%s's (interposed)", a->name);
  else
    snprintf(buf, n,
             "%s, not liboli's: host mode, %" PRIu64 " placed objects as its blocks (%" PRIu64 " live), %" PRIu64
             " freed by code not built with the plugin (%s)",
             a->name, a->blocks, a->live_blocks, a->unseen_frees, oli_format_size(a->unseen_bytes, b, sizeof b));
  return buf;
}

char *oli_doc_limit_words(uint64_t limit, bool elsewhere, char *buf, size_t n) {
  char b[32];
  snprintf(buf, n, "%s%s", oli_format_size(limit, b, sizeof b),
           elsewhere ? "" : " (not kept: no CXL or remote node to place the rest on, everything on local DRAM)");
  return buf;
}

char *oli_doc_migration_words(uint64_t peak, const oli_doc_migration_t *m, char *buf, size_t n) {
  char a[32], b[32];
  snprintf(buf, n,
           "peak %s, %" PRIu64 " settle%s, %" PRIu64 " re-decision%s (%" PRIu64 " re-bound, %" PRIu64
           " migrated: %s in %.1f ms; %" PRIu64 " over the migration budget, %" PRIu64 " failed move%s)",
           oli_format_size(peak, a, sizeof a), m->settles, m->settles == 1 ? "" : "s", m->redecided,
           m->redecided == 1 ? "" : "s", m->rebound, m->migrated, oli_format_size(m->bytes, b, sizeof b),
           (double)m->ns / 1e6, m->over_budget, m->move_failed, m->move_failed == 1 ? "" : "s");
  return buf;
}

bool oli_doc_same_placement(const oli_doc_site_t *a, const oli_doc_site_t *b) {
  if (OLI_HAS(a, OLI_F_DECISION) != OLI_HAS(b, OLI_F_DECISION) || a->placement != b->placement) return false;
  return a->placement != OLI_PLACE_INTERLEAVE || oli_ratio_equal(a->weight, b->weight);
}

char *oli_doc_phase_words(const oli_doc_phase_t *p, char *buf, size_t n) {
  snprintf(buf, n, "%s, %" PRIu64 " pause%s, %.3g accesses skipped",
           !p->from_settle ? "from the start" : p->waiting ? "waiting for oli_settle(), never called: nothing sampled"
                                                            : "from the first oli_settle()",
           p->pauses, p->pauses == 1 ? "" : "s", (double)p->skipped_accesses);
  return buf;
}
