/* common/doc_read.c - the one reader of oli-report, oli-plan and oli-profile
 * (doc.h): a document is validated by the tables of doc.c (doc_table.h), the
 * writer's (doc_write.c) own rows. */
#include "doc.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "doc_table.h"
#include "grammar.h"
#include "infile.h"

#define PLAN_RATIO_MAX 1000 /* plan ratios: integers 0..1000 */
#define fields _oli_doc_fields
#define allocator_modes _oli_doc_allocator_modes
#define phase_from _oli_doc_phase_from

typedef struct reader_s {
  oli_doc_t *d;
  char *msg;
  size_t n;
  void *(*alloc)(size_t);
} reader_t;

/* A string from the document as a message shows it: escaped and quoted (a
 * message is one line whatever the document holds), cut to about 40 bytes. */
static const char *q(const char *s, char buf[64]) {
  if (oli_json_escape(buf, 48, s) >= 48) strcat(buf, "...");
  return buf;
}

static int fail(reader_t *r, const oli_json_t *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader_t *r, const oli_json_t *at, const char *fmt, ...) {
  char what[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (at) snprintf(r->msg, r->n, "line %u, column %u: %s", at->line, at->col, what);
  else snprintf(r->msg, r->n, "%s", what);
  return -1;
}

/* A string member (null or absent: ""). */
static int get_str(reader_t *r, const oli_json_t *obj, const char *key, const char **out, bool required) {
  const oli_json_t *v = oli_json_get(obj, key);
  *out = "";
  if (v == NULL || v->type == OLI_JSON_NULL)
    return required ? fail(r, obj, "missing \"%s\" (a string)", key) : 0;
  if (v->type != OLI_JSON_STRING)
    return fail(r, v, "\"%s\" must be a string, found %s", key, oli_json_type_name(v->type));
  *out = v->u.str.s;
  return 0;
}

/* An unsigned integer member 0..max; *has = present and not null. */
static int get_u64(reader_t *r, const oli_json_t *obj, const char *key, uint64_t max, uint64_t *out, bool *has,
                   bool required) {
  const oli_json_t *v = oli_json_get(obj, key);
  *out = 0;
  *has = false;
  if (v == NULL || v->type == OLI_JSON_NULL)
    return required ? fail(r, obj, "missing \"%s\" (an integer >= 0)", key) : 0;
  int rc = oli_json_u64(v, out);
  if (rc == -1)
    return fail(r, v, "\"%s\" must be an integer >= 0, found %s", key, oli_json_type_name(v->type));
  if (rc == -2 || *out > max) return fail(r, v, "\"%s\" is out of range (an integer 0..%" PRIu64 ")", key, max);
  *has = true;
  return 0;
}

static int get_bool(reader_t *r, const oli_json_t *obj, const char *key, bool *out, bool *has) {
  const oli_json_t *v = oli_json_get(obj, key);
  int b = 0;
  *has = false;
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  if (oli_json_bool(v, &b) != 0) return fail(r, v, "\"%s\" must be true or false, found %s", key,
                                             oli_json_type_name(v->type));
  *out = b != 0;
  *has = true;
  return 0;
}

static int get_double(reader_t *r, const oli_json_t *obj, const char *key, double *out, bool *has) {
  const oli_json_t *v = oli_json_get(obj, key);
  *has = false;
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  if (oli_json_double(v, out) != 0)
    return fail(r, v, "\"%s\" must be a number, found %s", key, oli_json_type_name(v->type));
  *has = true;
  return 0;
}

/* A node number as an object key or array element: 0..OLI_DOC_MAX_PAGE_NODES-1. */
static int node_number(const char *s, int *out) {
  uint64_t bits = 0;
  int count = 0;
  if (s == NULL || s[0] < '0' || s[0] > '9' || oli_parse_list(s, &bits, 64, OLI_DOC_MAX_PAGE_NODES - 1, &count) ||
      count != 1 || strchr(s, '-') || strchr(s, ',') || strchr(s, ' '))
    return -1;
  *out = __builtin_ctzll(bits);
  return 0;
}

static int get_pages(reader_t *r, const oli_json_t *o, const char *key, oli_doc_pages_t **out, bool *has) {
  const oli_json_t *m = oli_json_get(o, key);
  *out = NULL;
  *has = false;
  if (m == NULL || m->type == OLI_JSON_NULL) return 0;
  if (m->type != OLI_JSON_OBJECT) return fail(r, m, "\"%s\" must be an object {\"node\": pages}", key);
  *has = true;
  if (oli_json_count(m) == 0) return 0;
  char qb[64];
  oli_doc_pages_t *p = r->alloc(sizeof *p);
  if (p == NULL) return fail(r, m, "out of memory");
  p->n = 0;
  *out = p; /* the site owns it now: oli_doc_free releases it, also after an error below */
  for (const oli_json_t *e = oli_json_first(m); e; e = e->next) {
    int node;
    uint64_t pages;
    if (node_number(e->key, &node) != 0 || p->n >= OLI_DOC_MAX_PAGE_NODES)
      return fail(r, e, "\"%s\": %s is not a node number 0-%d", key, q(e->key, qb), OLI_DOC_MAX_PAGE_NODES - 1);
    if (oli_json_u64(e, &pages) != 0) return fail(r, e, "pages of node \"%s\" must be an integer >= 0", e->key);
    for (int k = 0; k < p->n; k++) /* "02" and "2" are one node: the writer would write it twice */
      if (p->e[k].node == node) return fail(r, e, "\"%s\": node %d is given twice", key, node);
    p->e[p->n].node = node;
    p->e[p->n].pages = pages;
    p->n++;
  }
  return 0;
}

/* ---- objects other than sites, by their member tables (doc.c) ------------------ */
static int read_object(reader_t *r, const oli_json_t *v, const oli_doc_table_t *t, void *obj);

/* An enum member by its vocabulary name; -1 when s names none. */
static int parse_name(ftype_t type, const char *s, int *out) {
  int n = type == T_POLICY      ? OLI_POLICY_COUNT_
          : type == T_TASK_MODE ? OLI_TASK_POLICY_COUNT_
          : type == T_NODE_KIND ? OLI_NODE_KIND_COUNT_
          : type == T_THP       ? OLI_THP_COUNT_
                                : OLI_REDO_COUNT_;
  for (int k = 0; k < n; k++) {
    const char *name = type == T_POLICY      ? oli_policy_name((oli_policy_t)k)
                       : type == T_TASK_MODE ? oli_task_policy_mode_name((oli_task_policy_mode_t)k)
                       : type == T_NODE_KIND ? oli_node_kind_name((oli_node_kind_t)k)
                       : type == T_THP       ? oli_thp_name((oli_thp_t)k)
                                             : oli_redecide_name((oli_redecide_t)k);
    if (strcmp(s, name) == 0) return *out = k, 0;
  }
  return -1;
}

/* A signed integer member lo..hi; *has = present and not null. */
static int get_int(reader_t *r, const oli_json_t *o, const char *key, int64_t lo, int64_t hi, int64_t *out,
                   bool *has, bool required) {
  const oli_json_t *v = oli_json_get(o, key);
  *out = 0;
  *has = false;
  if (v == NULL || v->type == OLI_JSON_NULL) return required ? fail(r, o, "missing \"%s\" (an integer)", key) : 0;
  if (oli_json_i64(v, out) != 0 || *out < lo || *out > hi)
    return fail(r, v, "\"%s\" must be an integer %lld..%lld", key, (long long)lo, (long long)hi);
  *has = true;
  return 0;
}

/* The objects of an array member into n of t's structs at e (cap at most). */
static int read_list(reader_t *r, const oli_json_t *v, const char *key, const oli_doc_table_t *t, void *e, size_t cap,
                     size_t *n) {
  if (v->type != OLI_JSON_ARRAY) return fail(r, v, "\"%s\" must be an array of objects", key);
  if (oli_json_count(v) > cap) return fail(r, v, "\"%s\" must be an array of up to %zu objects", key, cap);
  for (const oli_json_t *x = oli_json_first(v); x; x = x->next) {
    void *obj = (char *)e + *n * t->size;
    memset(obj, 0, t->size);
    (*n)++; /* the owner frees what is read so far, also after an error */
    if (x->type != OLI_JSON_OBJECT) return fail(r, x, "a %s must be an object, found %s", t->what, oli_json_type_name(x->type));
    if (read_object(r, x, t, obj) != 0) return -1;
  }
  return 0;
}

/* One member of object o into its struct member at p. */
static int read_member(reader_t *r, const oli_json_t *o, const oli_doc_table_t *t, const member_t *m, char *p) {
  const oli_json_t *v = oli_json_get(o, m->key);
  bool req = m->use == R, has = false, absent = v == NULL || v->type == OLI_JSON_NULL;
  char qb[64];
  uint64_t u = 0;
  const char *str = NULL;
  switch ((ftype_t)m->type) {
  case T_STR: return get_str(r, o, m->key, (const char **)(void *)p, req);
  case T_U32:
    if (get_u64(r, o, m->key, UINT32_MAX, &u, &has, req) != 0) return -1;
    *(uint32_t *)(void *)p = (uint32_t)u;
    return 0;
  case T_U64: return get_u64(r, o, m->key, UINT64_MAX, (uint64_t *)(void *)p, &has, req);
  case T_BOOL: return get_bool(r, o, m->key, (bool *)p, &has);
  case T_INT: return get_int(r, o, m->key, INT32_MIN, INT32_MAX, (int64_t *)(void *)p, &has, req);
  case T_PCT: return get_int(r, o, m->key, 0, 100, (int64_t *)(void *)p, &has, req);
  case T_NODE: return get_int(r, o, m->key, 0, OLI_DOC_MAX_PAGE_NODES - 1, (int64_t *)(void *)p, &has, req);
  case T_NI64: {
    oli_doc_ni64_t *x = (oli_doc_ni64_t *)(void *)p;
    return get_int(r, o, m->key, INT64_MIN, INT64_MAX, &x->v, &x->has, req);
  }
  case T_NUM: {
    oli_doc_nu64_t *x = (oli_doc_nu64_t *)(void *)p;
    return get_u64(r, o, m->key, UINT64_MAX, &x->v, &x->has, req);
  }
  case T_HEX:
    if (get_str(r, o, m->key, &str, req) != 0) return -1;
    if (!absent && oli_parse_site_id(str, (uint64_t *)(void *)p) != 0)
      return fail(r, v, "%s \"%s\" must be \"0x\" + up to 16 hex digits, found %s", t->what, m->key, q(str, qb));
    return 0;
  case T_WEIGHTS: {
    int parts;
    if (get_str(r, o, m->key, &str, req) != 0) return -1;
    if (!absent && oli_parse_ratio(str, UINT32_MAX, (uint32_t *)(void *)p, &parts) != 0)
      return fail(r, v, "%s \"%s\" must be a ratio \"D:C\" or \"D:C:R\", found %s", t->what, m->key, q(str, qb));
    return 0;
  }
  case T_NODELIST: {
    oli_doc_nodes_t *x = (oli_doc_nodes_t *)(void *)p;
    if (absent) return req ? fail(r, o, "missing \"%s\" (an array of node numbers)", m->key) : 0;
    if (v->type != OLI_JSON_ARRAY || oli_json_count(v) > OLI_DOC_MAX_PAGE_NODES)
      return fail(r, v, "%s \"%s\" must be an array of up to %d node numbers", t->what, m->key, OLI_DOC_MAX_PAGE_NODES);
    for (const oli_json_t *e = oli_json_first(v); e; e = e->next) {
      if (oli_json_u64(e, &u) != 0 || u >= OLI_DOC_MAX_PAGE_NODES)
        return fail(r, e, "%s \"%s\" must hold node numbers 0-%d", t->what, m->key, OLI_DOC_MAX_PAGE_NODES - 1);
      x->node[x->n++] = (int)u;
    }
    return 0;
  }
  case T_POLICY:
  case T_TASK_MODE:
  case T_NODE_KIND:
  case T_THP:
  case T_OUTCOME: {
    int k;
    if (get_str(r, o, m->key, &str, req) != 0) return -1;
    if (absent) return 0;
    if (parse_name((ftype_t)m->type, str, &k) != 0)
      return fail(r, v, "%s \"%s\" %s is not one of this oli", t->what, m->key, q(str, qb));
    *(int *)(void *)p = k;
    return 0;
  }
  case T_OBJ:
  case T_NOBJ:
  case T_OOBJ:
    if (absent) return req ? fail(r, o, "missing \"%s\" (an object)", m->key) : 0;
    if (v->type != OLI_JSON_OBJECT)
      return fail(r, v, "\"%s\" must be an object%s, found %s", m->key, m->type != T_OBJ ? " or null" : "",
                  oli_json_type_name(v->type));
    if (m->type != T_OBJ) *(bool *)p = true; /* the struct's first member: present */
    return read_object(r, v, m->sub, p);
  case T_OBJS: {
    struct { size_t n; void *e; } *x = (void *)p;
    size_t count = absent ? 0 : oli_json_count(v);
    if (absent) return req ? fail(r, o, "missing \"%s\" (an array of objects)", m->key) : 0;
    if (v->type == OLI_JSON_ARRAY && count > 0 && (x->e = r->alloc(count * m->sub->size)) == NULL)
      return fail(r, v, "out of memory");
    return read_list(r, v, m->key, m->sub, x->e, count, &x->n);
  }
  case T_TIERS:
  case T_WARNINGS: /* a name this oli does not know: ignored (a newer oli's) */
    if (absent) return req ? fail(r, o, "missing \"%s\" (an object)", m->key) : 0;
    if (v->type != OLI_JSON_OBJECT) return fail(r, v, "%s \"%s\" must be an object", t->what, m->key);
    for (int k = 0; k < (m->type == T_TIERS ? OLI_TIER_COUNT_ : W_MAX_); k++)
      if (get_u64(r, v, m->type == T_TIERS ? oli_tier_name((oli_tier_t)k) : oli_warning_name((oli_warning_t)k),
                  UINT64_MAX, (uint64_t *)(void *)p + k, &has, false) != 0)
        return -1;
    return 0;
  case T_COUNT: return get_u64(r, o, m->key, UINT32_MAX, (uint64_t *)(void *)p, &has, req);
  case T_SOURCE: {
    oli_access_source_t *x = (oli_access_source_t *)(void *)p;
    *x = OLI_ACCESS_NONE;
    if (get_str(r, o, m->key, &str, req) != 0) return -1;
    if (str[0] && (oli_access_source_parse(str, x) != 0 || *x == OLI_ACCESS_AUTO))
      return fail(r, v, "\"%s\" %s is not one of none, portable, pmu", m->key, q(str, qb));
    return 0;
  }
  case T_SECONDS:
  case T_REAL:
    if (get_double(r, o, m->key, (double *)(void *)p, &has) != 0) return -1;
    if (m->type == T_SECONDS && (has ? !(*(double *)(void *)p >= 0) : req))
      return fail(r, has ? v : o, "\"%s.%s\" must be a number of seconds >= 0", t->what, m->key);
    return 0;
  case T_ALLOC_MODE:
    if (get_str(r, o, m->key, &str, req) != 0) return -1;
    if (absent) return 0;
    if (strcmp(str, allocator_modes[0]) != 0 && strcmp(str, allocator_modes[1]) != 0)
      return fail(r, v, "\"%s.%s\" must be \"%s\" or \"%s\"", t->what, m->key, allocator_modes[0], allocator_modes[1]);
    *(bool *)p = strcmp(str, allocator_modes[1]) == 0;
    return 0;
  case T_ID: case T_NSTR: case T_NU64: case T_DBL: case T_DECISION: case T_RATIO: case T_NODES: case T_MECH:
  case T_PAGES: case T_RULE: case T_REDECISIONS: case T_FRAMES: case T_WHY: case T_PLANNED:
    break; /* site fields only (read_field) */
  }
  return fail(r, v, "\"%s\": no reader for its type", m->key);
}

static int read_object(reader_t *r, const oli_json_t *v, const oli_doc_table_t *t, void *obj) {
  for (size_t k = 0; k < t->n; k++)
    if (read_member(r, v, t, &t->m[k], (char *)obj + t->m[k].off) != 0) return -1;
  return 0;
}

/* A report site's "redecisions": null, absent or an array of objects. */
static int read_redecisions(reader_t *r, const oli_json_t *v, oli_doc_site_t *s) {
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  size_t count = v->type == OLI_JSON_ARRAY ? oli_json_count(v) : 0;
  if (count && (s->redecisions = r->alloc(count * sizeof *s->redecisions)) == NULL) return fail(r, v, "out of memory");
  return read_list(r, v, "redecisions", &_oli_doc_redecision, s->redecisions, count, &s->nredecisions);
}

/* A call-stack site's "frames": absent, or an array of 1 to OLI_DOC_MAX_FRAMES objects. */
/* A report site's "planned": the plan's decision and ratio where the run did
 * not follow them (no CXL node, a DRAM budget). */
static int read_planned(reader_t *r, const oli_json_t *v, oli_doc_site_t *s) {
  char qb[64], list[96];
  const char *dec, *ratio;
  int parts;
  if (v->type != OLI_JSON_OBJECT)
    return fail(r, v, "\"planned\" must be an object {\"decision\", \"ratio\"}, found %s", oli_json_type_name(v->type));
  if (get_str(r, v, "decision", &dec, true) != 0 || get_str(r, v, "ratio", &ratio, false) != 0) return -1;
  if (oli_placement_parse(dec, &s->planned) != 0 || s->planned == OLI_PLACE_DEFAULT)
    return fail(r, oli_json_get(v, "decision"), "\"planned\" \"decision\" %s is not one of %s", q(dec, qb),
                oli_placement_list(list, sizeof list, false));
  memset(s->planned_weight, 0, sizeof s->planned_weight);
  if (s->planned == OLI_PLACE_INTERLEAVE && *ratio &&
      oli_parse_ratio(ratio, PLAN_RATIO_MAX, s->planned_weight, &parts) != 0)
    return fail(r, oli_json_get(v, "ratio"), "\"planned\" \"ratio\" must be \"D:C\" or \"D:C:R\", found %s",
                q(ratio, qb));
  return 0;
}

static int read_frames(reader_t *r, const oli_json_t *v, oli_doc_site_t *s) {
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  if (v->type != OLI_JSON_ARRAY || oli_json_count(v) == 0 || oli_json_count(v) > OLI_DOC_MAX_FRAMES)
    return fail(r, v, "\"frames\" must be an array of 1 to %d objects", OLI_DOC_MAX_FRAMES);
  return read_list(r, v, "frames", &_oli_doc_frame, s->frames, OLI_DOC_MAX_FRAMES, &s->nframes);
}

static int read_field(reader_t *r, const oli_json_t *o, oli_doc_site_t *s, int f, int use) {
  const field_t *fd = &fields[f];
  char qb[64];
  bool req = use == R, has = false;
  uint64_t u = 0;
  const oli_json_t *v = oli_json_get(o, fd->key);
  switch ((ftype_t)fd->type) {
  case T_ID: {
    const char *id = oli_json_str(v);
    if (v == NULL) return fail(r, o, "site has no \"id\"");
    if (oli_parse_site_id(id, &s->id) != 0)
      return fail(r, v, "site \"id\" must be a string \"0x\" + up to 16 hex digits, found %s",
                  id ? q(id, qb) : oli_json_type_name(v->type));
    has = true;
    break;
  }
  case T_STR:
  case T_NSTR: {
    const char **dst = f == OLI_F_KIND ? &s->kind : f == OLI_F_FILE ? &s->file : f == OLI_F_FUNCTION ? &s->function
                       : f == OLI_F_NAME ? &s->name : f == OLI_F_PATTERN ? &s->pattern
                       : f == OLI_F_PATTERN_SOURCE ? &s->pattern_source : &s->reason;
    if (get_str(r, o, fd->key, dst, req) != 0) return -1;
    has = v != NULL && v->type == OLI_JSON_STRING;
    break;
  }
  case T_U32:
    if (get_u64(r, o, fd->key, UINT32_MAX, &u, &has, req) != 0) return -1;
    if (f == OLI_F_LINE) s->line = (uint32_t)u;
    else s->rel = (uint32_t)u;
    break;
  case T_U64:
  case T_NU64: {
    uint64_t *dst = f == OLI_F_SIZE_HINT     ? &s->size_hint
                    : f == OLI_F_COUNT       ? &s->count
                    : f == OLI_F_TOTAL_BYTES ? &s->total_bytes
                    : f == OLI_F_LARGEST     ? &s->largest
                    : f == OLI_F_PEAK_LIVE   ? &s->peak_live
                    : f == OLI_F_LIFETIME_NS ? &s->lifetime_ns
                    : f == OLI_F_ACCESSES    ? &s->accesses
                    : f == OLI_F_TOUCHED     ? &s->touched
                    : f == OLI_F_NEAR_ACCESSES ? &s->near_accesses
                    : f == OLI_F_GATHER_ACCESSES ? &s->gather_accesses
                    : f == OLI_F_GATHER_OPS  ? &s->gather_ops
                    : f == OLI_F_BYTES       ? &s->bytes
                    : f == OLI_F_DRAM_BYTES  ? &s->dram_bytes
                    : f == OLI_F_FALLBACKS   ? &s->fallbacks
                    : f == OLI_F_LONGEST_RUN ? &s->longest_run
                    : f == OLI_F_PAGES_SHARED ? &s->pages_shared
                                             : &s->pages_not_present;
    if (get_u64(r, o, fd->key, UINT64_MAX, dst, &has, req) != 0) return -1;
    break;
  }
  case T_BOOL:
    if (get_bool(r, o, fd->key,
                 f == OLI_F_COUNT_PARTIAL ? &s->count_partial : f == OLI_F_CHAINED ? &s->chained : &s->pages_sampled,
                 &has) != 0)
      return -1;
    break;
  case T_DBL: {
    double *dst = f == OLI_F_SHARE_AT_DECISION ? &s->share_at_decision
                  : f == OLI_F_SHARE_OF_PEAK   ? &s->share_of_peak
                                               : &s->stall;
    if (get_double(r, o, fd->key, dst, &has) != 0) return -1;
    break;
  }
  case T_RULE: {
    const char *rule;
    if (get_str(r, o, fd->key, &rule, false) != 0) return -1;
    if (v == NULL || v->type != OLI_JSON_STRING) break;
    if (oli_redecide_parse(rule, &s->rule) != 0)
      return fail(r, v, "\"rule\" %s is not a re-decision outcome of this oli", q(rule, qb));
    has = true;
    break;
  }
  case T_REDECISIONS:
    if (read_redecisions(r, v, s) != 0) return -1;
    has = s->nredecisions > 0;
    break;
  case T_FRAMES:
    if (read_frames(r, v, s) != 0) return -1;
    has = s->nframes > 0;
    break;
  case T_PLANNED:
    if (v == NULL || v->type == OLI_JSON_NULL) break;
    if (read_planned(r, v, s) != 0) return -1;
    has = true;
    break;
  case T_WHY: {
    const char *why;
    if (get_str(r, o, fd->key, &why, req) != 0) return -1;
    if (oli_left_out_parse(why, &s->left_out) != 0) {
      char list[96];
      size_t k = 0;
      list[0] = '\0';
      for (int i = 0; i < OLI_LEFT_COUNT_; i++)
        k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "", oli_left_out_name((oli_left_out_t)i));
      return fail(r, v, "\"why\" %s is not one of %s", q(why, qb), list);
    }
    has = true;
    break;
  }
  case T_DECISION: {
    const char *dec;
    bool plan = r->d->kind == OLI_DOC_PLAN;
    if (get_str(r, o, fd->key, &dec, req) != 0) return -1;
    if (v == NULL || v->type != OLI_JSON_STRING) break;
    if (oli_placement_parse(dec, &s->placement) != 0 || (plan && s->placement == OLI_PLACE_DEFAULT)) {
      char list[96];
      return fail(r, v, "\"decision\" %s is not one of %s", q(dec, qb), oli_placement_list(list, sizeof list, !plan));
    }
    has = true;
    break;
  }
  case T_RATIO: { /* after the decision (table order) */
    const char *ratio;
    int parts;
    if (get_str(r, o, fd->key, &ratio, false) != 0) return -1;
    if (!OLI_HAS(s, OLI_F_DECISION) || s->placement != OLI_PLACE_INTERLEAVE) break;
    if (oli_parse_ratio(ratio, PLAN_RATIO_MAX, s->weight, &parts) != 0 ||
        s->weight[OLI_TIER_DRAM] + s->weight[OLI_TIER_CXL] + s->weight[OLI_TIER_REMOTE] == 0)
      return fail(r, v ? v : o,
                  "an interleave decision needs \"ratio\" \"D:C\" or \"D:C:R\" (integers 0..%d, not all 0), "
                  "found %s", PLAN_RATIO_MAX, q(ratio, qb));
    /* the runtime interleaves remote DRAM only beside local DRAM and CXL */
    if (s->weight[OLI_TIER_REMOTE] && (!s->weight[OLI_TIER_DRAM] || !s->weight[OLI_TIER_CXL]))
      return fail(r, v, "an interleave with a remote-DRAM share needs a local-DRAM and a CXL share too "
                  "(\"D:C:R\" with D > 0 and C > 0), found %s", q(ratio, qb));
    has = true;
    break;
  }
  case T_NODES:
    if (v == NULL || v->type == OLI_JSON_NULL) break;
    if (v->type != OLI_JSON_ARRAY) return fail(r, v, "\"nodes\" must be an array of node numbers");
    for (const oli_json_t *e = oli_json_first(v); e; e = e->next) {
      uint64_t node;
      if (oli_json_u64(e, &node) != 0 || node >= OLI_DOC_MAX_PAGE_NODES || s->nnodes >= OLI_NODE_TIERS)
        return fail(r, e, "\"nodes\" must be up to %d node numbers 0-%d", OLI_NODE_TIERS,
                    OLI_DOC_MAX_PAGE_NODES - 1);
      s->nodes[s->nnodes++] = (int)node;
    }
    has = true;
    break;
  case T_MECH: {
    const char *m;
    if (get_str(r, o, fd->key, &m, false) != 0) return -1;
    if (v == NULL || v->type != OLI_JSON_STRING) break;
    for (int k = 0; k < OLI_MECH_COUNT_ && !has; k++)
      if (strcmp(m, oli_mechanism_name((oli_mechanism_t)k)) == 0) s->mechanism = (oli_mechanism_t)k, has = true;
    if (!has) return fail(r, v, "\"mechanism\" %s is not a mechanism of this oli", q(m, qb));
    break;
  }
  case T_PAGES:
    if (get_pages(r, o, fd->key, f == OLI_F_PAGES_INTENDED ? &s->intended : &s->achieved, &has) != 0) return -1;
    break;
  case T_INT: case T_PCT: case T_NODE: case T_NI64: case T_NUM: case T_HEX: case T_WEIGHTS: case T_NODELIST:
  case T_POLICY: case T_TASK_MODE: case T_NODE_KIND: case T_THP: case T_OUTCOME: case T_OBJ: case T_NOBJ: case T_OBJS:
  case T_OOBJ: case T_TIERS: case T_WARNINGS: case T_ALLOC_MODE: case T_COUNT: case T_SOURCE: case T_SECONDS: case T_REAL:
    return fail(r, v, "\"%s\": no reader for its type", fd->key); /* other objects' members only (read_member) */
  }
  if (has) OLI_SET(s, f);
  return 0;
}

/* One site object; di: the table's column (doc_index, LEFT_COLUMN). */
static int read_site(reader_t *r, const oli_json_t *o, oli_doc_site_t *s, int di) {
  if (o->type != OLI_JSON_OBJECT) return fail(r, o, "a site must be an object, found %s", oli_json_type_name(o->type));
  s->kind = s->file = s->function = s->name = s->reason = s->pattern = s->pattern_source = "";
  s->at_line = o->line;
  s->at_col = o->col;
  for (int f = 0; f < OLI_F_COUNT_; f++)
    if (fields[f].use[di] != N && read_field(r, o, s, f, fields[f].use[di]) != 0) return -1;
  if (!OLI_HAS(s, OLI_F_BYTES)) s->bytes = s->peak_live ? s->peak_live : s->largest;
  return 0;
}

static int read_tiers(reader_t *r, const oli_json_t *t, oli_doc_tiers_t *out) {
  memset(out, 0, sizeof *out);
  if (t == NULL || t->type == OLI_JSON_NULL) return 0;
  if (t->type != OLI_JSON_OBJECT) return fail(r, t, "\"tiers\" must be an object");
  for (int k = 0; k < OLI_NODE_TIERS; k++) {
    const oli_json_t *e = oli_json_get(t, oli_tier_name((oli_tier_t)k));
    bool hb, hl;
    if (e == NULL) continue;
    if (get_double(r, e, "bandwidth", &out->bandwidth[k], &hb) != 0 ||
        get_double(r, e, "latency", &out->latency[k], &hl) != 0)
      return -1;
    out->has[k] = hb || hl;
  }
  return 0;
}

/* A profile's "phase" (optional). */
/* A plan's "predicted" (optional): seconds per policy, >= 0. */
static int read_phase(reader_t *r, const oli_json_t *v, oli_doc_t *d) {
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  if (v->type != OLI_JSON_OBJECT) return fail(r, v, "\"phase\" must be an object");
  const char *from;
  bool h;
  if (get_str(r, v, "from", &from, true) || get_bool(r, v, "waiting", &d->phase.waiting, &h) ||
      get_u64(r, v, "pauses", UINT64_MAX, &d->phase.pauses, &h, false) ||
      get_u64(r, v, "skipped_accesses", UINT64_MAX, &d->phase.skipped_accesses, &h, false))
    return -1;
  if (strcmp(from, phase_from[0]) && strcmp(from, phase_from[1]))
    return fail(r, oli_json_get(v, "from"), "\"phase.from\" must be \"start\" or \"settle\"");
  d->phase.from_settle = strcmp(from, phase_from[1]) == 0;
  d->has_phase = true;
  return 0;
}

/* summary.migration's keys, in the order written: the members of
 * oli_doc_migration_t are named as the JSON keys (settles is footprint's). */

typedef struct idx_s {
  uint64_t id;
  size_t i;
} idx_t;

static int cmp_idx(const void *a, const void *b) {
  const idx_t *x = a, *y = b;
  if (x->id != y->id) return x->id < y->id ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

static void accepted(unsigned accept, char *buf, size_t n) {
  size_t len = 0;
  buf[0] = '\0';
  for (unsigned k = OLI_DOC_REPORT; k <= OLI_DOC_PROFILE; k <<= 1)
    if (accept & k) {
      int w = snprintf(buf + len, n - len, "%s%s", len ? " or " : "", oli_doc_schema((oli_doc_kind_t)k));
      if (w > 0 && len + (size_t)w < n) len += (size_t)w;
    }
}

/* A plan's "left_out": absent, null or an array of site objects with "why";
 * an ID is once in the whole plan. */
static int read_left_out(reader_t *r, const oli_json_t *v) {
  oli_doc_t *d = r->d;
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  if (v->type != OLI_JSON_ARRAY) return fail(r, v, "\"left_out\" must be an array of site objects");
  size_t count = oli_json_count(v), i = 0;
  d->left = r->alloc((count + 1) * sizeof *d->left);
  idx_t *idx = r->alloc((count + 1) * sizeof *idx);
  d->left_index = idx;
  if (d->left == NULL || idx == NULL) return fail(r, v, "out of memory");
  for (const oli_json_t *o = oli_json_first(v); o; o = o->next, i++) {
    memset(&d->left[i], 0, sizeof d->left[i]);
    d->nleft = i + 1;
    if (read_site(r, o, &d->left[i], LEFT_COLUMN) != 0) return -1;
    idx[i] = (idx_t){d->left[i].id, i};
    long planned = oli_doc_find(d, d->left[i].id);
    if (planned >= 0)
      return fail(r, o, "site id 0x%016" PRIx64 " is both planned (line %u) and left out", d->left[i].id,
                  d->sites[planned].at_line);
  }
  qsort(idx, d->nleft, sizeof *idx, cmp_idx);
  for (i = 1; i < d->nleft; i++)
    if (idx[i].id == idx[i - 1].id) {
      const oli_doc_site_t *first = &d->left[idx[i - 1].i], *dup = &d->left[idx[i].i];
      snprintf(r->msg, r->n, "line %u, column %u: duplicate site id 0x%016" PRIx64 " (first at line %u)", dup->at_line,
               dup->at_col, idx[i].id, first->at_line);
      return -1;
    }
  return 0;
}

static int read_doc(reader_t *r, unsigned accept) {
  oli_doc_t *d = r->d;
  const oli_json_t *root = d->root;
  char words[80];
  accepted(accept, words, sizeof words);
  if (root->type != OLI_JSON_OBJECT)
    return fail(r, root, "expected an object (%s), found %s", words, oli_json_type_name(root->type));
  const oli_json_t *sv = oli_json_get(root, "schema");
  const char *schema = oli_json_str(sv);
  if (schema == NULL) return fail(r, NULL, "not an oli document: no \"schema\" string (expected %s)", words);
  d->schema = schema;
  for (unsigned k = OLI_DOC_REPORT; k <= OLI_DOC_PROFILE; k <<= 1)
    if (strcmp(schema, oli_doc_schema((oli_doc_kind_t)k)) == 0) d->kind = (oli_doc_kind_t)k;
  char qb[64];
  if (!(d->kind & accept)) return fail(r, sv, "schema %s is not accepted here (expected %s)", q(schema, qb), words);
  const oli_json_t *vv = oli_json_get(root, "version");
  int64_t ver;
  if (oli_json_i64(vv, &ver) != 0) return fail(r, vv ? vv : root, "%s has no integer \"version\"", schema);
  int64_t top = d->kind == OLI_DOC_REPORT ? OLI_DOC_REPORT_VERSION : 1;
  if (ver < 1 || ver > top)
    return fail(r, vv, "%s version %lld is not supported (this oli reads version%s %lld)", schema, (long long)ver,
                top > 1 ? "s 1 to" : "", (long long)top);
  d->version = (int)ver;
  if (get_str(r, root, "program", &d->program, false) != 0) return -1;
  if (d->kind == OLI_DOC_PLAN && read_object(r, root, &_oli_doc_plan_head, d) != 0) return -1;
  if (d->kind == OLI_DOC_PROFILE) {
    if (read_object(r, root, &_oli_doc_profile_head, d) != 0) return -1;
    if (oli_json_get(root, "runs") == NULL) d->runs = 1;
    if (read_tiers(r, oli_json_get(root, "tiers"), &d->tiers) != 0) return -1;
    if (read_phase(r, oli_json_get(root, "phase"), d) != 0) return -1;
  }
  if (d->kind == OLI_DOC_REPORT) {
    if (read_object(r, root, &_oli_doc_report_tail, d) != 0 || /* summary */
        read_object(r, root, &_oli_doc_report_head, &d->report) != 0)
      return -1;
    d->footprint_peak = d->report.footprint.peak; /* the profile's member of that name */
    d->summary.migration.settles = d->report.footprint.settles;
  }
  const oli_json_t *sites = oli_json_get(root, "sites");
  if (sites == NULL || sites->type != OLI_JSON_ARRAY)
    return fail(r, sites && sites->type != OLI_JSON_NULL ? sites : NULL, "%s needs a \"sites\" array", schema);
  size_t count = oli_json_count(sites);
  d->sites = r->alloc((count + 1) * sizeof *d->sites);
  idx_t *idx = r->alloc((count + 1) * sizeof *idx);
  d->index = idx;
  if (d->sites == NULL || idx == NULL) return fail(r, NULL, "out of memory");
  size_t i = 0;
  for (const oli_json_t *o = oli_json_first(sites); o; o = o->next, i++) {
    memset(&d->sites[i], 0, sizeof d->sites[i]);
    d->nsites = i + 1; /* oli_doc_free frees what the sites read so far hold */
    if (read_site(r, o, &d->sites[i], _oli_doc_index(d->kind)) != 0) return -1;
    idx[i] = (idx_t){d->sites[i].id, i};
  }
  qsort(idx, d->nsites, sizeof *idx, cmp_idx);
  for (i = 1; i < d->nsites; i++)
    if (idx[i].id == idx[i - 1].id) {
      const oli_doc_site_t *first = &d->sites[idx[i - 1].i], *dup = &d->sites[idx[i].i];
      snprintf(r->msg, r->n, "line %u, column %u: duplicate site id 0x%016" PRIx64 " (first at line %u)", dup->at_line,
               dup->at_col, idx[i].id, first->at_line);
      return -1;
    }
  return d->kind == OLI_DOC_PLAN ? read_left_out(r, oli_json_get(root, "left_out")) : 0;
}

/* The schema of a document as every oli writer writes it (its first member),
 * from its first bytes: a document of a kind not accepted here is refused
 * before a huge one is read and parsed whole (a 100 MB report given as
 * OLI_PLAN). -1 refused (msg as read_doc words it), 0 undecided or accepted:
 * the whole document is read as before. No allocation. */
static int peek_schema(const char *t, size_t len, unsigned accept, char *msg, size_t n) {
  static const char key[] = "\"schema\"";
  unsigned line = 1, col = 1;
  size_t i = 0;
#define PEEK_BLANKS()                                                              \
  while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) { \
    if (t[i] == '\n') line++, col = 1;                                             \
    else col++;                                                                    \
    i++;                                                                           \
  }
  PEEK_BLANKS();
  if (i >= len || t[i] != '{') return 0;
  i++, col++;
  PEEK_BLANKS();
  if (len - i < sizeof key - 1 || memcmp(t + i, key, sizeof key - 1) != 0) return 0;
  i += sizeof key - 1, col += sizeof key - 1;
  PEEK_BLANKS();
  if (i >= len || t[i] != ':') return 0;
  i++, col++;
  PEEK_BLANKS();
#undef PEEK_BLANKS
  if (i >= len || t[i] != '"') return 0;
  unsigned vline = line, vcol = col;
  char schema[48];
  size_t k = 0;
  for (i++; i < len && t[i] != '"'; i++) { /* plain printable ASCII only: else the reader decides */
    unsigned char c = (unsigned char)t[i];
    if (c < 0x20 || c >= 0x7f || c == '\\' || k + 1 >= sizeof schema) return 0;
    schema[k++] = (char)c;
  }
  if (i >= len) return 0;
  schema[k] = '\0';
  for (unsigned kind = OLI_DOC_REPORT; kind <= OLI_DOC_PROFILE; kind <<= 1)
    if ((accept & kind) && strcmp(schema, oli_doc_schema((oli_doc_kind_t)kind)) == 0) return 0;
  char words[80], qb[64];
  accepted(accept, words, sizeof words);
  snprintf(msg, n, "line %u, column %u: schema %s is not accepted here (expected %s)", vline, vcol, q(schema, qb),
           words);
  return -1;
}

/* The first bytes of the file at path (up to n), for peek_schema; 0 when it
 * cannot be read: the whole reader then says why. */
static size_t file_head(const char *path, char *buf, size_t n) {
  char why[160];
  int fd = oli_infile_open(path, NULL, why, sizeof why); /* a FIFO: refused here too, never waited on */
  if (fd < 0) return 0;
  size_t got = 0;
  while (got < n) {
    ssize_t k = read(fd, buf + got, n - got);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    got += (size_t)k;
  }
  close(fd);
  return got;
}

/* oli_doc_parse and oli_doc_load: the text, else the file at path. */
static int doc_read(const char *path, const char *text, size_t len, unsigned accept,
                    const oli_json_limits_t *limits, oli_doc_t *doc, char *msg, size_t n) {
  oli_json_limits_t lim = limits ? *limits : (oli_json_limits_t){0};
  if (lim.max_bytes == 0) lim.max_bytes = OLI_DOC_MAX_BYTES;
  if (lim.alloc == NULL || lim.release == NULL) lim.alloc = malloc, lim.release = free;
  memset(doc, 0, sizeof *doc);
  doc->program = doc->access_event = "";
  doc->release = lim.release;
  char head[1024];
  size_t hlen = path ? file_head(path, head, sizeof head) : len;
  if (peek_schema(path ? head : text, hlen, accept, msg, n) != 0) {
    doc->path = path;
    return -1;
  }
  oli_json_error_t err;
  doc->json = path ? oli_json_parse_file(path, &lim, &err) : oli_json_parse(text, len, &lim, &err);
  doc->path = path;
  if (doc->json == NULL) {
    snprintf(msg, n, "%s", err.msg);
    return -1;
  }
  doc->root = oli_json_root(doc->json);
  reader_t r = {doc, msg, n, lim.alloc};
  if (read_doc(&r, accept) != 0) {
    oli_doc_free(doc);
    return -1;
  }
  return 0;
}

int oli_doc_parse(const char *text, size_t len, unsigned accept, const oli_json_limits_t *limits, oli_doc_t *doc,
                  char *msg, size_t n) {
  return doc_read(NULL, text, len, accept, limits, doc, msg, n);
}

int oli_doc_load(const char *path, unsigned accept, const oli_json_limits_t *limits, oli_doc_t *doc, char *msg,
                 size_t n) {
  return doc_read(path, NULL, 0, accept, limits, doc, msg, n);
}

void oli_doc_free(oli_doc_t *doc) {
  if (doc->release) {
    for (size_t i = 0; doc->sites && i < doc->nsites; i++) {
      if (doc->sites[i].intended) doc->release(doc->sites[i].intended);
      if (doc->sites[i].achieved) doc->release(doc->sites[i].achieved);
      if (doc->sites[i].redecisions) doc->release(doc->sites[i].redecisions);
    }
    if (doc->sites) doc->release(doc->sites);
    if (doc->index) doc->release(doc->index);
    if (doc->left) doc->release(doc->left);
    if (doc->left_index) doc->release(doc->left_index);
    if (doc->report.topology.nodes.e) doc->release(doc->report.topology.nodes.e);
  }
  oli_json_free(doc->json);
  memset(doc, 0, sizeof *doc);
}

static long find_in(const idx_t *idx, size_t n, uint64_t id) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (idx[mid].id < id) lo = mid + 1;
    else hi = mid;
  }
  return idx && lo < n && idx[lo].id == id ? (long)idx[lo].i : -1;
}

long oli_doc_find(const oli_doc_t *doc, uint64_t id) { return find_in(doc->index, doc->nsites, id); }

long oli_doc_find_left(const oli_doc_t *doc, uint64_t id) { return find_in(doc->left_index, doc->nleft, id); }
