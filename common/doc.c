/* common/doc.c - read and write oli-report, oli-plan and oli-profile (doc.h).
 *
 * The site fields are one table: the reader validates a site object by it
 * and the writer writes one by it, so a member's name, type and meaning are
 * spelled once for all three documents. */
#include "doc.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grammar.h"
#include "infile.h"

#define PLAN_RATIO_MAX 1000 /* plan ratios: integers 0..1000 */

/* ---- the site field table ------------------------------------------------------
 * OLI_SITE_FIELD(Id, Key, Type, Report, Plan, Profile)
 *   Type      how the member is read and written (below)
 *   per document: N not a member; O optional; R required; A optional to
 *   read, always written (null when the writer has no value) */
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
  X(SHARE_AT_DECISION, "share_at_decision", T_DBL, I, N, N, N)                                \
  X(SHARE_OF_PEAK, "share_of_peak", T_DBL, I, N, N, N)                                        \
  X(RULE, "rule", T_RULE, I, N, N, N)                                                         \
  X(REDECISIONS, "redecisions", T_REDECISIONS, I, N, N, N)                                    \
  X(FRAMES, "frames", T_FRAMES, O, O, O, O)                                                   \
  X(WHY, "why", T_WHY, N, N, N, R)                                                           \
  X(PLANNED, "planned", T_PLANNED, O, N, N, N)                                               \
  X(PATTERN, "pattern", T_STR, N, N, O, N)

typedef enum ftype_e {
  T_ID,       /* "0x" + hex digits (grammar.h) */
  T_STR,      /* string; null or absent reads as "" */
  T_NSTR,     /* string or null; "" is written as null */
  T_U32,      /* integer 0..2^32-1 */
  T_U64,      /* integer 0..2^64-1 */
  T_NU64,     /* the same or null */
  T_BOOL,     /* true/false */
  T_DBL,      /* any number */
  T_DECISION, /* a placement name (oli_vocab.def); a plan's is never "default" */
  T_RATIO,    /* "D:C[:R]" with an interleave decision, else null */
  T_NODES,    /* array of node numbers */
  T_MECH,     /* a mechanism name (oli_vocab.def) */
  T_PAGES,    /* {"node": pages, ...} */
  T_RULE,     /* null or a re-decision outcome's name (oli_vocab.def) */
  T_REDECISIONS, /* [{"settle", "size", "objects", "from", "to", "outcome", ...}] */
  T_FRAMES,   /* [{"module", "build_id", "offset": "0x..."}], innermost first */
  T_WHY,      /* why a plan left a site out: an oli_left_out_t name (oli_vocab.def) */
  T_PLANNED,  /* {"decision", "ratio"}: a plan's placement the run did not follow */
} ftype_t;

/* Per document: N not a member; O read if present, written when set; R
 * required; A read if present, always written (null when unset); I read if
 * present, never written from the table (the runtime's report writes it
 * itself: runtime/outputs/report.c, json_site_rule). */
enum { N = 0, O = 1, R = 2, A = 3, I = 4 };

typedef struct field_s {
  const char *key;
  ftype_t type;
  unsigned char use[4]; /* by document: report, plan, profile; a plan's left_out[] entry */
} field_t;

static const field_t fields[OLI_F_COUNT_] = {
#define FIELD_ROW(Id, Key, Type, Rep, Plan, Prof, Left) [OLI_F_##Id] = {Key, Type, {Rep, Plan, Prof, Left}},
    OLI_DOC_SITE_FIELDS(FIELD_ROW)
#undef FIELD_ROW
};

#define LEFT_COLUMN 3 /* use[] of a plan's left_out[] entries */

static int doc_index(oli_doc_kind_t k) {
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

/* ---- reading ------------------------------------------------------------------- */
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

/* A report site's "redecisions": null, absent or an array of objects. */
static int read_redecisions(reader_t *r, const oli_json_t *v, oli_doc_site_t *s) {
  char qb[64];
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  if (v->type != OLI_JSON_ARRAY) return fail(r, v, "\"redecisions\" must be an array of objects");
  size_t count = oli_json_count(v);
  if (count == 0) return 0;
  s->redecisions = r->alloc(count * sizeof *s->redecisions);
  if (s->redecisions == NULL) return fail(r, v, "out of memory");
  for (const oli_json_t *e = oli_json_first(v); e; e = e->next) {
    oli_doc_redecision_t *x = &s->redecisions[s->nredecisions++]; /* the site owns the array: freed with it */
    memset(x, 0, sizeof *x);
    if (e->type != OLI_JSON_OBJECT) return fail(r, e, "a re-decision must be an object, found %s", oli_json_type_name(e->type));
    uint64_t settle;
    const char *outcome;
    bool h;
    if (get_u64(r, e, "settle", UINT32_MAX, &settle, &h, true) || get_u64(r, e, "size", UINT64_MAX, &x->size, &h, true) ||
        get_u64(r, e, "objects", UINT64_MAX, &x->objects, &h, true) || get_str(r, e, "from", &x->from, true) ||
        get_str(r, e, "to", &x->to, true) || get_str(r, e, "outcome", &outcome, true) ||
        get_u64(r, e, "footprint", UINT64_MAX, &x->footprint, &h, false) ||
        get_u64(r, e, "bytes_migrated", UINT64_MAX, &x->bytes_migrated, &h, false) ||
        get_u64(r, e, "ns", UINT64_MAX, &x->ns, &h, false))
      return -1;
    x->settle = (uint32_t)settle;
    if (oli_redecide_parse(outcome, &x->outcome) != 0)
      return fail(r, oli_json_get(e, "outcome"), "re-decision \"outcome\" %s is not one of this oli", q(outcome, qb));
  }
  return 0;
}

/* A call-stack site's "frames": absent, or an array of 1 to OLI_DOC_MAX_FRAMES objects. */
static int read_frames(reader_t *r, const oli_json_t *v, oli_doc_site_t *s) {
  char qb[64];
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  if (v->type != OLI_JSON_ARRAY || oli_json_count(v) == 0 || oli_json_count(v) > OLI_DOC_MAX_FRAMES)
    return fail(r, v, "\"frames\" must be an array of 1 to %d objects", OLI_DOC_MAX_FRAMES);
  for (const oli_json_t *e = oli_json_first(v); e; e = e->next) {
    oli_doc_frame_t *x = &s->frames[s->nframes++];
    const char *off;
    if (e->type != OLI_JSON_OBJECT) return fail(r, e, "a frame must be an object, found %s", oli_json_type_name(e->type));
    if (get_str(r, e, "module", &x->module, true) || get_str(r, e, "build_id", &x->build_id, false) ||
        get_str(r, e, "offset", &off, true))
      return -1;
    if (oli_parse_site_id(off, &x->offset) != 0)
      return fail(r, oli_json_get(e, "offset"), "frame \"offset\" must be \"0x\" + up to 16 hex digits, found %s",
                  q(off, qb));
  }
  return 0;
}

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

static int read_field(reader_t *r, const oli_json_t *o, oli_doc_site_t *s, int f, int use) {
  const field_t *fd = &fields[f];
  char qb[64];
  bool req = use == R, has = false;
  uint64_t u = 0;
  const oli_json_t *v = oli_json_get(o, fd->key);
  switch (fd->type) {
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
                       : f == OLI_F_NAME ? &s->name : f == OLI_F_PATTERN ? &s->pattern : &s->reason;
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
    if (get_bool(r, o, fd->key, f == OLI_F_COUNT_PARTIAL ? &s->count_partial : &s->pages_sampled, &has) != 0)
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
  case T_PLANNED:
    if (v == NULL || v->type == OLI_JSON_NULL) break;
    if (read_planned(r, v, s) != 0) return -1;
    has = true;
    break;
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
  }
  if (has) OLI_SET(s, f);
  return 0;
}

/* One site object; di: the table's column (doc_index, LEFT_COLUMN). */
static int read_site(reader_t *r, const oli_json_t *o, oli_doc_site_t *s, int di) {
  if (o->type != OLI_JSON_OBJECT) return fail(r, o, "a site must be an object, found %s", oli_json_type_name(o->type));
  s->kind = s->file = s->function = s->name = s->reason = s->pattern = "";
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


static const char *const phase_from[2] = {"start", "settle"};

/* A profile's "phase" (optional). */
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

/* A plan's "predicted" (optional): seconds per policy, >= 0. */
static int read_predicted(reader_t *r, const oli_json_t *v, oli_doc_t *d) {
  if (v == NULL || v->type == OLI_JSON_NULL) return 0;
  if (v->type != OLI_JSON_OBJECT) return fail(r, v, "\"predicted\" must be an object");
  static const char *const keys[] = OLI_DOC_PREDICTED;
  bool h;
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
    if (get_double(r, v, keys[k], &d->predicted[k], &h) != 0) return -1;
    if (!h || !(d->predicted[k] >= 0))
      return fail(r, h ? oli_json_get(v, keys[k]) : v, "\"predicted.%s\" must be a number of seconds >= 0", keys[k]);
  }
  if (get_double(r, v, "threads", &d->predicted_threads, &h) != 0 ||
      get_str(r, v, "model", &d->predicted_model, false) != 0)
    return -1;
  d->has_predicted = true;
  return 0;
}

/* summary.migration's keys, in the order written: the members of
 * oli_doc_migration_t are named as the JSON keys (settles is footprint's). */
#define MG(k) {#k, offsetof(oli_doc_migration_t, k)}
static const struct {
  const char *key;
  size_t off;
} migration_keys[] = {
    MG(redecided), MG(rebound), MG(migrated), MG(bytes), MG(ns), MG(fallbacks), MG(move_failed),
    MG(over_budget), MG(at_exit), MG(budget_bytes), MG(budget_ns), MG(records_dropped),
};
#undef MG

/* summary.allocator's counters, in the order written (after mode, name). */
#define AL(k) {#k, offsetof(oli_doc_allocator_t, k)}
static const struct {
  const char *key;
  size_t off;
} allocator_keys[] = {AL(blocks), AL(live_blocks), AL(unseen_frees), AL(unseen_bytes)};
#undef AL
static const char *const allocator_modes[2] = {"interposed", "host"};

static int read_summary(reader_t *r, const oli_json_t *sum, oli_doc_summary_t *out) {
  memset(out, 0, sizeof *out);
  if (sum == NULL || sum->type == OLI_JSON_NULL) return 0;
  if (sum->type != OLI_JSON_OBJECT) return fail(r, sum, "\"summary\" must be an object");
  bool has;
  out->present = true;
  if (get_u64(r, sum, "placed_objects", UINT64_MAX, &out->placed_objects, &has, false) ||
      get_u64(r, sum, "small_objects", UINT64_MAX, &out->small_objects, &has, false) ||
      get_u64(r, sum, "small_objects_partial_sites", UINT64_MAX, &out->small_objects_partial_sites, &has, false) ||
      get_u64(r, sum, "fallbacks", UINT64_MAX, &out->fallbacks, &has, false) ||
      get_u64(r, sum, "dram_saved", UINT64_MAX, &out->dram_saved, &has, false))
    return -1;
  const oli_json_t *b = oli_json_get(sum, "bytes");
  for (int t = 0; t < OLI_TIER_COUNT_ && b; t++)
    if (get_u64(r, b, oli_tier_name((oli_tier_t)t), UINT64_MAX, &out->bytes[t], &has, false)) return -1;
  const oli_json_t *md = oli_json_get(sum, "runtime_metadata"); /* optional */
  if (md) {
    bool h1, h2, h3, h4, h5;
    if (get_u64(r, md, "bytes", UINT64_MAX, &out->metadata_bytes, &h1, false) ||
        get_u64(r, md, "tracked_objects", UINT64_MAX, &out->tracked_objects, &h2, false) ||
        get_u64(r, md, "bytes_per_object", UINT64_MAX, &out->bytes_per_object, &h3, false) ||
        get_u64(r, md, "fixed_bytes", UINT64_MAX, &out->metadata_fixed, &h4, false) ||
        get_u64(r, md, "object_bytes", UINT64_MAX, &out->metadata_objects, &h5, false))
      return -1;
    out->has_metadata = h1 && h2 && h3;
    out->has_metadata_split = h4 && h5; /* version 2 */
  }
  const oli_json_t *mg = oli_json_get(sum, "migration"); /* optional (re-decision) */
  if (mg && mg->type != OLI_JSON_NULL) {
    if (mg->type != OLI_JSON_OBJECT) return fail(r, mg, "\"summary.migration\" must be an object");
    oli_doc_migration_t *m = &out->migration;
    for (size_t k = 0; k < sizeof migration_keys / sizeof migration_keys[0]; k++)
      if (get_u64(r, mg, migration_keys[k].key, UINT64_MAX, (uint64_t *)((char *)m + migration_keys[k].off), &has,
                  false))
        return -1;
    out->has_migration = true;
  }
  const oli_json_t *al = oli_json_get(sum, "allocator"); /* optional (host mode) */
  if (al && al->type != OLI_JSON_NULL) {
    if (al->type != OLI_JSON_OBJECT) return fail(r, al, "\"summary.allocator\" must be an object");
    oli_doc_allocator_t *a = &out->allocator;
    const char *mode = NULL;
    if (get_str(r, al, "mode", &mode, true) || get_str(r, al, "name", &a->name, true)) return -1;
    if (strcmp(mode, allocator_modes[0]) != 0 && strcmp(mode, allocator_modes[1]) != 0)
      return fail(r, al, "\"summary.allocator.mode\" must be \"interposed\" or \"host\"");
    a->host = strcmp(mode, allocator_modes[1]) == 0;
    for (size_t k = 0; k < sizeof allocator_keys / sizeof allocator_keys[0]; k++)
      if (get_u64(r, al, allocator_keys[k].key, UINT64_MAX, (uint64_t *)((char *)a + allocator_keys[k].off), &has,
                  false))
        return -1;
    out->has_allocator = true;
  }
  return 0;
}

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
  bool has;
  if (get_str(r, root, "program", &d->program, false) != 0) return -1;
  if (d->kind == OLI_DOC_PLAN && get_u64(r, root, "dram_limit", UINT64_MAX, &d->dram_limit, &d->has_dram_limit, false))
    return -1;
  d->predicted_model = "";
  if (d->kind == OLI_DOC_PLAN && read_predicted(r, oli_json_get(root, "predicted"), d) != 0) return -1;
  if (d->kind == OLI_DOC_PROFILE) {
    const char *src;
    if (get_u64(r, root, "footprint_peak", UINT64_MAX, &d->footprint_peak, &has, true) ||
        get_u64(r, root, "run_ns", UINT64_MAX, &d->run_ns, &has, false) ||
        get_u64(r, root, "threads", UINT32_MAX, &d->threads, &has, false) ||
        get_u64(r, root, "runs", UINT32_MAX, &d->runs, &has, false))
      return -1;
    if (!has) d->runs = 1;
    if (get_str(r, root, "access_source", &src, false) || get_str(r, root, "access_event", &d->access_event, false))
      return -1;
    d->access_source = OLI_ACCESS_NONE;
    if (src[0] && (oli_access_source_parse(src, &d->access_source) != 0 || d->access_source == OLI_ACCESS_AUTO))
      return fail(r, oli_json_get(root, "access_source"), "\"access_source\" %s is not one of none, portable, pmu",
                  q(src, qb));
    if (read_tiers(r, oli_json_get(root, "tiers"), &d->tiers) != 0) return -1;
    if (read_phase(r, oli_json_get(root, "phase"), d) != 0) return -1;
  }
  if (d->kind == OLI_DOC_REPORT && read_summary(r, oli_json_get(root, "summary"), &d->summary) != 0) return -1;
  const oli_json_t *fp = d->kind == OLI_DOC_REPORT ? oli_json_get(root, "footprint") : NULL; /* optional */
  if (fp && fp->type == OLI_JSON_OBJECT &&
      (get_u64(r, fp, "peak", UINT64_MAX, &d->footprint_peak, &has, false) ||
       get_u64(r, fp, "settles", UINT64_MAX, &d->summary.migration.settles, &has, false)))
    return -1;
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
    if (read_site(r, o, &d->sites[i], doc_index(d->kind)) != 0) return -1;
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

const char *oli_doc_site_placement(const oli_doc_site_t *s, char *buf, size_t n) {
  char r[40];
  if (!OLI_HAS(s, OLI_F_DECISION)) snprintf(buf, n, "-");
  else if (s->placement == OLI_PLACE_INTERLEAVE)
    snprintf(buf, n, "%s %s", oli_placement_name(s->placement), oli_format_ratio(s->weight, r, sizeof r));
  else snprintf(buf, n, "%s", oli_placement_name(s->placement));
  return buf;
}

char *oli_doc_metadata_words(const oli_doc_summary_t *s, char *buf, size_t n) {
  char a[32], b[32];
  if (s->has_metadata_split)
    snprintf(buf, n, "%s fixed + %s for %" PRIu64 " tracked object%s (%" PRIu64 " B each)",
             oli_format_size(s->metadata_fixed, a, sizeof a), oli_format_size(s->metadata_objects, b, sizeof b),
             s->tracked_objects, s->tracked_objects == 1 ? "" : "s", s->bytes_per_object);
  else
    snprintf(buf, n, "%s for %" PRIu64 " tracked objects (%" PRIu64 " B each, fixed tables included)",
             oli_format_size(s->metadata_bytes, a, sizeof a), s->tracked_objects, s->bytes_per_object);
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

char *oli_doc_migration_words(uint64_t peak, const oli_doc_migration_t *m, char *buf, size_t n) {
  char a[32], b[32];
  snprintf(buf, n,
           "peak %s, %" PRIu64 " settles, %" PRIu64 " re-decisions (%" PRIu64 " re-bound, %" PRIu64
           " migrated: %s in %.1f ms; %" PRIu64 " over the migration budget, %" PRIu64 " failed moves)",
           oli_format_size(peak, a, sizeof a), m->settles, m->redecided, m->rebound, m->migrated,
           oli_format_size(m->bytes, b, sizeof b), (double)m->ns / 1e6, m->over_budget, m->move_failed);
  return buf;
}

bool oli_doc_same_placement(const oli_doc_site_t *a, const oli_doc_site_t *b) {
  if (OLI_HAS(a, OLI_F_DECISION) != OLI_HAS(b, OLI_F_DECISION) || a->placement != b->placement) return false;
  return a->placement != OLI_PLACE_INTERLEAVE || oli_ratio_equal(a->weight, b->weight);
}

/* ---- writing --------------------------------------------------------------------- */
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
  if (use == I || (!has && use != A)) return;
  switch (fd->type) {
  case T_ID: {
    char id[OLI_SITE_ID_LEN];
    oli_jw_str(w, fd->key, oli_format_site_id(s->id, id));
    return;
  }
  case T_STR:
  case T_NSTR: {
    const char *v = f == OLI_F_KIND ? s->kind : f == OLI_F_FILE ? s->file : f == OLI_F_FUNCTION ? s->function
                    : f == OLI_F_NAME ? s->name : f == OLI_F_PATTERN ? s->pattern : s->reason;
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
    if (has) oli_jw_bool(w, fd->key, f == OLI_F_COUNT_PARTIAL ? s->count_partial : s->pages_sampled);
    return;
  case T_DBL:
    if (has) oli_jw_double(w, fd->key, s->stall, 6);
    return;
  case T_RULE:
  case T_REDECISIONS: return; /* use I only: the runtime writes them (json_site_rule) */
  case T_FRAMES: {
    if (!s->nframes) return; /* a site of the plugin's: no frames to write */
    oli_jw_array(w, fd->key, OLI_JW_INLINE);
    for (size_t i = 0; i < s->nframes && i < OLI_DOC_MAX_FRAMES; i++) {
      char off[OLI_SITE_ID_LEN];
      oli_jw_object(w, NULL, OLI_JW_INLINE);
      oli_jw_str(w, "module", s->frames[i].module ? s->frames[i].module : "");
      oli_jw_str(w, "build_id", s->frames[i].build_id ? s->frames[i].build_id : "");
      oli_jw_str(w, "offset", oli_format_site_id(s->frames[i].offset, off));
      oli_jw_end(w);
    }
    oli_jw_end(w);
    return;
  }
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
  }
}

void oli_doc_write_site_open(oli_jw_t *w, oli_doc_kind_t kind, const oli_doc_site_t *s) {
  int di = doc_index(kind);
  oli_jw_object(w, NULL, OLI_JW_INLINE);
  for (int f = 0; f < OLI_F_COUNT_; f++)
    if (fields[f].use[di] != N) write_field(w, s, f, fields[f].use[di]);
}

void oli_doc_write_site(oli_jw_t *w, oli_doc_kind_t kind, const oli_doc_site_t *s) {
  oli_doc_write_site_open(w, kind, s);
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

char *oli_doc_phase_words(const oli_doc_phase_t *p, char *buf, size_t n) {
  snprintf(buf, n, "%s, %" PRIu64 " pause%s, %.3g accesses skipped",
           !p->from_settle ? "from the start" : p->waiting ? "waiting for oli_settle(), never called: nothing sampled"
                                                            : "from the first oli_settle()",
           p->pauses, p->pauses == 1 ? "" : "s", (double)p->skipped_accesses);
  return buf;
}

void oli_doc_write_summary(oli_jw_t *w, const oli_doc_summary_t *s) {
  oli_jw_object(w, "summary", OLI_JW_LINES);
  oli_jw_u64(w, "placed_objects", s->placed_objects);
  oli_jw_u64(w, "small_objects", s->small_objects);
  oli_jw_u64(w, "small_objects_partial_sites", s->small_objects_partial_sites);
  oli_jw_u64(w, "fallbacks", s->fallbacks);
  oli_jw_object(w, "bytes", OLI_JW_INLINE);
  for (int t = 0; t < OLI_TIER_COUNT_; t++) oli_jw_u64(w, oli_tier_name((oli_tier_t)t), s->bytes[t]);
  oli_jw_end(w);
  if (s->has_metadata) {
    oli_jw_object(w, "runtime_metadata", OLI_JW_INLINE);
    oli_jw_u64(w, "bytes", s->metadata_bytes);
    oli_jw_u64(w, "fixed_bytes", s->metadata_fixed);
    oli_jw_u64(w, "object_bytes", s->metadata_objects);
    oli_jw_u64(w, "tracked_objects", s->tracked_objects);
    oli_jw_u64(w, "bytes_per_object", s->bytes_per_object);
    oli_jw_end(w);
  }
  oli_jw_u64(w, "dram_saved", s->dram_saved);
  if (s->has_migration) {
    oli_jw_object(w, "migration", OLI_JW_INLINE);
    for (size_t k = 0; k < sizeof migration_keys / sizeof migration_keys[0]; k++)
      oli_jw_u64(w, migration_keys[k].key, *(const uint64_t *)((const char *)&s->migration + migration_keys[k].off));
    oli_jw_end(w);
  }
  if (s->has_allocator) {
    oli_jw_object(w, "allocator", OLI_JW_INLINE);
    oli_jw_str(w, "mode", allocator_modes[s->allocator.host]);
    oli_jw_str(w, "name", s->allocator.name);
    for (size_t k = 0; k < sizeof allocator_keys / sizeof allocator_keys[0]; k++)
      oli_jw_u64(w, allocator_keys[k].key,
                 *(const uint64_t *)((const char *)&s->allocator + allocator_keys[k].off));
    oli_jw_end(w);
  }
  /* left open: the caller adds "warnings" (the runtime's counters) and ends it */
}
