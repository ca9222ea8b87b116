/* common/doc_write.c - the one writer of oli-report, oli-plan and oli-profile
 * (doc.h), through the JSON writer (json.h), by the tables of doc.c
 * (doc_table.h) that the reader (doc_read.c) validates with. */
#include "doc.h"

#include <stdio.h>
#include <string.h>

#include "doc_table.h"
#include "grammar.h"

#define fields _oli_doc_fields
#define allocator_modes _oli_doc_allocator_modes
#define phase_from _oli_doc_phase_from

static void write_object(oli_jw_t *w, const char *key, const oli_doc_table_t *t, const void *obj);

/* The objects of an array member: n of t's structs from e. */
static void write_list(oli_jw_t *w, const char *key, const oli_doc_table_t *t, const void *e, size_t n) {
  oli_jw_array(w, key, OLI_JW_LINES);
  for (size_t i = 0; i < n; i++) write_object(w, NULL, t, (const char *)e + i * t->size);
  oli_jw_end(w);
}

/* One member of an object other than a site, from its struct member at p. */
static void write_member(oli_jw_t *w, const member_t *m, const char *p) {
  char buf[48];
  switch ((ftype_t)m->type) {
  case T_STR: {
    const char *v = *(const char *const *)p;
    oli_jw_str(w, m->key, v ? v : "");
    return;
  }
  case T_U32: oli_jw_u64(w, m->key, *(const uint32_t *)p); return;
  case T_U64: oli_jw_u64(w, m->key, *(const uint64_t *)p); return;
  case T_BOOL: oli_jw_bool(w, m->key, *(const bool *)p); return;
  case T_INT:
  case T_PCT:
  case T_NODE: oli_jw_i64(w, m->key, *(const int64_t *)p); return;
  case T_NI64: {
    const oli_doc_ni64_t *v = (const oli_doc_ni64_t *)p;
    if (v->has) oli_jw_i64(w, m->key, v->v);
    else oli_jw_null(w, m->key);
    return;
  }
  case T_NUM: {
    const oli_doc_nu64_t *v = (const oli_doc_nu64_t *)p;
    if (v->has) oli_jw_u64(w, m->key, v->v);
    else oli_jw_null(w, m->key);
    return;
  }
  case T_HEX: oli_jw_str(w, m->key, oli_format_site_id(*(const uint64_t *)p, buf)); return;
  case T_WEIGHTS: oli_jw_str(w, m->key, oli_format_ratio((const uint32_t *)p, buf, sizeof buf)); return;
  case T_NODELIST: {
    const oli_doc_nodes_t *v = (const oli_doc_nodes_t *)p;
    oli_jw_array(w, m->key, OLI_JW_INLINE);
    for (int i = 0; i < v->n && i < OLI_DOC_MAX_PAGE_NODES; i++) oli_jw_i64(w, NULL, v->node[i]);
    oli_jw_end(w);
    return;
  }
  case T_POLICY: oli_jw_str(w, m->key, oli_policy_name(*(const oli_policy_t *)p)); return;
  case T_TASK_MODE: oli_jw_str(w, m->key, oli_task_policy_mode_name(*(const oli_task_policy_mode_t *)p)); return;
  case T_NODE_KIND: oli_jw_str(w, m->key, oli_node_kind_name(*(const oli_node_kind_t *)p)); return;
  case T_THP: oli_jw_str(w, m->key, oli_thp_name(*(const oli_thp_t *)p)); return;
  case T_OUTCOME: oli_jw_str(w, m->key, oli_redecide_name(*(const oli_redecide_t *)p)); return;
  case T_OBJ: write_object(w, m->key, m->sub, p); return;
  case T_NOBJ:
    if (*(const bool *)p) write_object(w, m->key, m->sub, p);
    else oli_jw_null(w, m->key);
    return;
  case T_OBJS: {
    const struct { size_t n; const void *e; } *v = (const void *)p;
    write_list(w, m->key, m->sub, v->e, v->n);
    return;
  }
  case T_OOBJ:
    if (*(const bool *)p) write_object(w, m->key, m->sub, p);
    return;
  case T_TIERS:
    oli_jw_object(w, m->key, OLI_JW_INLINE);
    for (int t = 0; t < OLI_TIER_COUNT_; t++) oli_jw_u64(w, oli_tier_name((oli_tier_t)t), ((const uint64_t *)p)[t]);
    oli_jw_end(w);
    return;
  case T_WARNINGS:
    oli_jw_object(w, m->key, OLI_JW_INLINE);
    for (int i = 0; i < W_MAX_; i++)
      if (((const uint64_t *)p)[i]) oli_jw_u64(w, oli_warning_name((oli_warning_t)i), ((const uint64_t *)p)[i]);
    oli_jw_end(w);
    return;
  case T_ALLOC_MODE: oli_jw_str(w, m->key, allocator_modes[*(const bool *)p]); return;
  case T_COUNT: oli_jw_u64(w, m->key, *(const uint64_t *)p); return;
  case T_SOURCE: oli_jw_str(w, m->key, oli_access_source_name(*(const oli_access_source_t *)p)); return;
  case T_SECONDS:
  case T_REAL: oli_jw_double(w, m->key, *(const double *)p, 6); return;
  case T_ID: case T_NSTR: case T_NU64: case T_DBL: case T_DECISION: case T_RATIO: case T_NODES: case T_MECH:
  case T_PAGES: case T_RULE: case T_REDECISIONS: case T_FRAMES: case T_WHY: case T_PLANNED:
    return; /* site fields only (write_field) */
  }
}

/* True when a member of use Z has no value to write (doc_table.h). */
static bool unset(const member_t *m, const char *p) {
  if (m->type == T_STR) return *(const char *const *)p == NULL || **(const char *const *)p == '\0';
  if (m->type == T_U64 || m->type == T_COUNT) return *(const uint64_t *)p == 0;
  if (m->type == T_NI64) return !((const oli_doc_ni64_t *)p)->has;
  return false;
}

static void write_members(oli_jw_t *w, const oli_doc_table_t *t, const void *obj) {
  for (size_t i = 0; i < t->n; i++) {
    const char *p = (const char *)obj + t->m[i].off;
    if (t->m[i].use != Z || !unset(&t->m[i], p)) write_member(w, &t->m[i], p);
  }
}

static void write_object(oli_jw_t *w, const char *key, const oli_doc_table_t *t, const void *obj) {
  oli_jw_object(w, key, t->style);
  write_members(w, t, obj);
  oli_jw_end(w);
}

static void write_pages(oli_jw_t *w, const char *key, const oli_doc_pages_t *p) {
  oli_jw_object(w, key, OLI_JW_INLINE);
  for (int i = 0; p && i < p->n; i++) {
    char k[16];
    snprintf(k, sizeof k, "%d", p->e[i].node);
    oli_jw_u64(w, k, p->e[i].pages);
  }
  oli_jw_end(w);
}

static void write_field(oli_jw_t *w, const oli_doc_site_t *s, int f, int use) {
  const field_t *fd = &fields[f];
  bool has = OLI_HAS(s, f);
  if (!has && use != A) return;
  switch (fd->type) {
  case T_ID: {
    char id[OLI_SITE_ID_LEN];
    oli_jw_str(w, fd->key, oli_format_site_id(s->id, id));
    return;
  }
  case T_STR:
  case T_NSTR: {
    const char *v = f == OLI_F_KIND ? s->kind : f == OLI_F_FILE ? s->file : f == OLI_F_FUNCTION ? s->function
                    : f == OLI_F_NAME ? s->name : f == OLI_F_PATTERN ? s->pattern
                    : f == OLI_F_PATTERN_SOURCE ? s->pattern_source : s->reason;
    if (v == NULL || (fd->type == T_NSTR && v[0] == '\0')) oli_jw_null(w, fd->key);
    else oli_jw_str(w, fd->key, v);
    return;
  }
  case T_U32: oli_jw_u64(w, fd->key, f == OLI_F_LINE ? s->line : s->rel); return;
  case T_U64:
  case T_NU64: {
    uint64_t v = f == OLI_F_SIZE_HINT     ? s->size_hint
                 : f == OLI_F_COUNT       ? s->count
                 : f == OLI_F_TOTAL_BYTES ? s->total_bytes
                 : f == OLI_F_LARGEST     ? s->largest
                 : f == OLI_F_PEAK_LIVE   ? s->peak_live
                 : f == OLI_F_LIFETIME_NS ? s->lifetime_ns
                 : f == OLI_F_ACCESSES    ? s->accesses
                 : f == OLI_F_TOUCHED     ? s->touched
                 : f == OLI_F_NEAR_ACCESSES ? s->near_accesses
                 : f == OLI_F_GATHER_ACCESSES ? s->gather_accesses
                 : f == OLI_F_GATHER_OPS  ? s->gather_ops
                 : f == OLI_F_BYTES       ? s->bytes
                 : f == OLI_F_DRAM_BYTES  ? s->dram_bytes
                 : f == OLI_F_FALLBACKS   ? s->fallbacks
                 : f == OLI_F_LONGEST_RUN ? s->longest_run
                 : f == OLI_F_PAGES_SHARED ? s->pages_shared
                                          : s->pages_not_present;
    if (has) oli_jw_u64(w, fd->key, v);
    else if (fd->type == T_NU64) oli_jw_null(w, fd->key);
    return;
  }
  case T_BOOL:
    if (has)
      oli_jw_bool(w, fd->key, f == OLI_F_COUNT_PARTIAL ? s->count_partial : f == OLI_F_CHAINED ? s->chained
                                                                                                : s->pages_sampled);
    return;
  case T_DBL: /* a plan's stall to 6 digits, a report's shares (percent) to 4 */
    if (has)
      oli_jw_double(w, fd->key, f == OLI_F_STALL ? s->stall : f == OLI_F_SHARE_AT_DECISION ? s->share_at_decision
                                                                                          : s->share_of_peak,
                    f == OLI_F_STALL ? 6 : 4);
    return;
  case T_RULE:
    if (has) oli_jw_str(w, fd->key, oli_redecide_name(s->rule));
    else oli_jw_null(w, fd->key);
    return;
  case T_REDECISIONS: write_list(w, fd->key, &_oli_doc_redecision, s->redecisions, has ? s->nredecisions : 0); return;
  case T_FRAMES:
    if (!s->nframes) return; /* a site of the plugin's: no frames to write */
    write_list(w, fd->key, &_oli_doc_frame, s->frames, s->nframes < OLI_DOC_MAX_FRAMES ? s->nframes : OLI_DOC_MAX_FRAMES);
    return;
  case T_WHY:
    if (has) oli_jw_str(w, fd->key, oli_left_out_name(s->left_out));
    return;
  case T_DECISION:
    if (has) oli_jw_str(w, fd->key, oli_placement_name(s->placement));
    return;
  case T_PLANNED: {
    char r[40];
    if (!has || s->planned == OLI_PLACE_DEFAULT) return; /* a plan never asks for the default policy */
    oli_jw_object(w, fd->key, OLI_JW_INLINE);
    oli_jw_str(w, "decision", oli_placement_name(s->planned));
    if (s->planned == OLI_PLACE_INTERLEAVE &&
        s->planned_weight[OLI_TIER_DRAM] + s->planned_weight[OLI_TIER_CXL] + s->planned_weight[OLI_TIER_REMOTE])
      oli_jw_str(w, "ratio", oli_format_ratio(s->planned_weight, r, sizeof r));
    else oli_jw_null(w, "ratio");
    oli_jw_end(w);
    return;
  }
  case T_RATIO: {
    char r[40];
    if (OLI_HAS(s, OLI_F_DECISION) && s->placement == OLI_PLACE_INTERLEAVE)
      oli_jw_str(w, fd->key, oli_format_ratio(s->weight, r, sizeof r));
    else oli_jw_null(w, fd->key);
    return;
  }
  case T_NODES:
    oli_jw_array(w, fd->key, OLI_JW_INLINE);
    for (int i = 0; has && i < s->nnodes; i++) oli_jw_i64(w, NULL, s->nodes[i]);
    oli_jw_end(w);
    return;
  case T_MECH:
    if (has) oli_jw_str(w, fd->key, oli_mechanism_name(s->mechanism));
    return;
  case T_PAGES: write_pages(w, fd->key, has ? (f == OLI_F_PAGES_INTENDED ? s->intended : s->achieved) : NULL); return;
  case T_INT: case T_PCT: case T_NODE: case T_NI64: case T_NUM: case T_HEX: case T_WEIGHTS: case T_NODELIST:
  case T_POLICY: case T_TASK_MODE: case T_NODE_KIND: case T_THP: case T_OUTCOME: case T_OBJ: case T_NOBJ: case T_OBJS:
  case T_OOBJ: case T_TIERS: case T_WARNINGS: case T_ALLOC_MODE: case T_COUNT: case T_SOURCE: case T_SECONDS: case T_REAL:
    return; /* other objects' members only (write_member) */
  }
}

void oli_doc_write_site(oli_jw_t *w, oli_doc_kind_t kind, const oli_doc_site_t *s) {
  int di = _oli_doc_index(kind);
  oli_jw_object(w, NULL, OLI_JW_INLINE);
  for (int f = 0; f < OLI_F_COUNT_; f++)
    if (fields[f].use[di] != N) write_field(w, s, f, fields[f].use[di]);
  oli_jw_end(w);
}

void oli_doc_write_left_out(oli_jw_t *w, const oli_doc_site_t *s) {
  oli_jw_object(w, NULL, OLI_JW_INLINE);
  for (int f = 0; f < OLI_F_COUNT_; f++)
    if (fields[f].use[LEFT_COLUMN] != N) write_field(w, s, f, fields[f].use[LEFT_COLUMN]);
  oli_jw_end(w);
}

void oli_doc_write_begin(oli_jw_t *w, oli_doc_kind_t kind, const char *program) {
  oli_jw_object(w, NULL, OLI_JW_LINES);
  oli_jw_str(w, "schema", oli_doc_schema(kind));
  oli_jw_u64(w, "version", kind == OLI_DOC_REPORT ? OLI_DOC_REPORT_VERSION : 1);
  if (program) oli_jw_str(w, "program", program);
}

void oli_doc_write_report_head(oli_jw_t *w, const oli_doc_report_head_t *h) {
  write_members(w, &_oli_doc_report_head, h);
}

void oli_doc_write_tiers(oli_jw_t *w, const char *key, const oli_doc_tiers_t *t) {
  oli_jw_object(w, key, OLI_JW_LINES);
  for (int k = 0; k < OLI_NODE_TIERS; k++) {
    if (!t->has[k]) continue;
    oli_jw_object(w, oli_tier_name((oli_tier_t)k), OLI_JW_INLINE);
    oli_jw_double(w, "bandwidth", t->bandwidth[k], 17);
    oli_jw_double(w, "latency", t->latency[k], 17);
    oli_jw_end(w);
  }
  oli_jw_end(w);
}

void oli_doc_write_phase(oli_jw_t *w, const oli_doc_phase_t *p) {
  oli_jw_object(w, "phase", OLI_JW_INLINE);
  oli_jw_str(w, "from", phase_from[p->from_settle]);
  oli_jw_bool(w, "waiting", p->waiting);
  oli_jw_u64(w, "pauses", p->pauses);
  oli_jw_u64(w, "skipped_accesses", p->skipped_accesses);
  oli_jw_end(w);
}

void oli_doc_write_profile_head(oli_jw_t *w, const oli_doc_t *d) {
  write_members(w, &_oli_doc_profile_head, d);
  if (d->has_phase) oli_doc_write_phase(w, &d->phase);
  for (int k = 0; k < OLI_NODE_TIERS; k++)
    if (d->tiers.has[k]) {
      oli_doc_write_tiers(w, "tiers", &d->tiers);
      break;
    }
}

void oli_doc_write_plan_head(oli_jw_t *w, const oli_doc_t *d) { write_members(w, &_oli_doc_plan_head, d); }

void oli_doc_write_summary(oli_jw_t *w, const oli_doc_summary_t *s) {
  write_member(w, &_oli_doc_report_tail.m[0], (const char *)s); /* "summary" */
}
