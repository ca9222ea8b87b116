/* tools/oli/doc.c - load and validate reports, plans and profiles
 * (docs/report-schema.md, docs/profile-schema.md) into cli_doc_t. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "oli_vocab.h"

/* The error line: "oli: PATH: line L, column C: message". */
static int fail(const cli_doc_t *d, const oli_json_t *at, const char *fmt, ...) CLI_PRINTF(3, 4);
static int fail(const cli_doc_t *d, const oli_json_t *at, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (at) cli_error("%s: line %u, column %u: %s", d->path, at->line, at->col, msg);
  else cli_error("%s: %s", d->path, msg);
  return -1;
}

static const char *kind_word(unsigned k) {
  switch (k) {
  case CLI_DOC_REPORT: return "report";
  case CLI_DOC_PLAN: return "plan";
  case CLI_DOC_PROFILE: return "profile";
  }
  return "?";
}

static void accepted_words(unsigned accept, char *buf, size_t n) {
  buf[0] = '\0';
  const char *sep = "";
  for (unsigned k = 1; k <= 4; k <<= 1) {
    if (!(accept & k)) continue;
    strncat(buf, sep, n - strlen(buf) - 1);
    strncat(buf, "oli-", n - strlen(buf) - 1);
    strncat(buf, kind_word(k), n - strlen(buf) - 1);
    sep = " or ";
  }
}

/* Parse "0x" + 1..16 hex digits. */
static int parse_id(const char *s, uint64_t *out) {
  if (s == NULL || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return -1;
  uint64_t v = 0;
  int n = 0;
  for (const char *p = s + 2; *p; p++, n++) {
    int h;
    if (*p >= '0' && *p <= '9') h = *p - '0';
    else if (*p >= 'a' && *p <= 'f') h = *p - 'a' + 10;
    else if (*p >= 'A' && *p <= 'F') h = *p - 'A' + 10;
    else return -1;
    if (n >= 16) return -1;
    v = v * 16 + (uint64_t)h;
  }
  if (n == 0) return -1;
  *out = v;
  return 0;
}

/* Optional string member (null allowed): "" when absent. */
static int get_str(const cli_doc_t *d, const oli_json_t *obj, const char *key, const char **out,
                   int required) {
  const oli_json_t *v = oli_json_get(obj, key);
  *out = "";
  if (v == NULL || v->type == OLI_JSON_NULL) {
    if (required) return fail(d, obj, "site has no \"%s\" (a string)", key);
    return 0;
  }
  if (v->type != OLI_JSON_STRING)
    return fail(d, v, "\"%s\" must be a string, found %s", key, oli_json_type_name(v->type));
  *out = v->u.str.s;
  return 0;
}

/* Optional unsigned integer member; *has = 1 when present and not null. */
static int get_u64(const cli_doc_t *d, const oli_json_t *obj, const char *key, uint64_t *out,
                   int *has, int required, uint64_t max) {
  const oli_json_t *v = oli_json_get(obj, key);
  *out = 0;
  if (has) *has = 0;
  if (v == NULL || v->type == OLI_JSON_NULL) {
    if (required) return fail(d, obj, "missing \"%s\" (an integer >= 0)", key);
    return 0;
  }
  int rc = oli_json_u64(v, out);
  if (rc == -1)
    return fail(d, v, "\"%s\" must be an integer >= 0, found %s", key, oli_json_type_name(v->type));
  if (rc == -2 || *out > max)
    return fail(d, v, "\"%s\" is out of range (an integer 0..%" PRIu64 ")", key, max);
  if (has) *has = 1;
  return 0;
}

static int is_ratio(const char *s) {
  /* D:C or D:C:R, each 0..1000, not all zero, D+C > 0 */
  int parts = 0;
  unsigned long sum = 0;
  const char *p = s;
  for (;;) {
    if (*p < '0' || *p > '9') return 0;
    unsigned long v = 0;
    while (*p >= '0' && *p <= '9') {
      v = v * 10 + (unsigned long)(*p++ - '0');
      if (v > 1000) return 0;
    }
    sum += v;
    parts++;
    if (*p == '\0') break;
    if (*p != ':' || parts == 3) return 0;
    p++;
  }
  return parts >= 2 && sum > 0;
}

static int load_site(cli_doc_t *d, const oli_json_t *o, cli_site_t *s) {
  const char *id;
  uint64_t tmp;
  int has;
  if (o->type != OLI_JSON_OBJECT)
    return fail(d, o, "a site must be an object, found %s", oli_json_type_name(o->type));
  memset(s, 0, sizeof *s);
  const oli_json_t *idv = oli_json_get(o, "id");
  if (idv == NULL) return fail(d, o, "site has no \"id\"");
  id = oli_json_str(idv);
  if (parse_id(id, &s->id) != 0)
    return fail(d, idv, "site \"id\" must be a string \"0x\" + up to 16 hex digits, found %s%.40s%s",
                id ? "\"" : "", id ? id : oli_json_type_name(idv->type), id ? "\"" : "");
  int prof = d->kind == CLI_DOC_PROFILE, plan = d->kind == CLI_DOC_PLAN;
  if (get_str(d, o, "kind", &s->kind, 0) || get_str(d, o, "file", &s->file, 0) ||
      get_str(d, o, "function", &s->function, 0) || get_str(d, o, "name", &s->name, 0) ||
      get_str(d, o, "decision", &s->decision, !prof) || get_str(d, o, "ratio", &s->ratio, 0) ||
      get_str(d, o, "reason", &s->reason, 0))
    return -1;
  if (get_u64(d, o, "line", &tmp, &s->has_line, 0, UINT32_MAX)) return -1;
  s->line = (uint32_t)tmp;
  if (get_u64(d, o, "rel", &tmp, &s->has_rel, 0, UINT32_MAX)) return -1;
  s->rel = (uint32_t)tmp;
  if (get_u64(d, o, "size_hint", &s->size_hint, &s->has_size_hint, 0, UINT64_MAX) ||
      get_u64(d, o, "count", &s->count, NULL, prof, UINT64_MAX) ||
      get_u64(d, o, "total_bytes", &s->total_bytes, NULL, prof, UINT64_MAX) ||
      get_u64(d, o, "largest", &s->largest, NULL, prof, UINT64_MAX) ||
      get_u64(d, o, "peak_live", &s->peak_live, NULL, prof, UINT64_MAX) ||
      get_u64(d, o, "accesses", &s->accesses, NULL, prof, UINT64_MAX) ||
      get_u64(d, o, "lifetime_ns", &s->lifetime_ns, NULL, 0, UINT64_MAX) ||
      get_u64(d, o, "bytes", &s->bytes, &has, 0, UINT64_MAX) ||
      get_u64(d, o, "fallbacks", &s->fallbacks, NULL, 0, UINT64_MAX))
    return -1;
  if (!has) s->bytes = s->peak_live ? s->peak_live : s->largest;
  if (!prof) {
    const oli_json_t *dv = oli_json_get(o, "decision");
    const char *dec = s->decision;
    oli_placement_t p;
    if (oli_placement_parse(dec, &p) != 0 || (plan && p == OLI_PLACE_DEFAULT)) {
      char list[96];
      return fail(d, dv, "\"decision\" \"%.40s\" is not one of %s", dec,
                  oli_placement_list(list, sizeof list, !plan));
    }
    if (!strcmp(dec, "interleave") && !is_ratio(s->ratio))
      return fail(d, oli_json_get(o, "ratio") ? oli_json_get(o, "ratio") : o,
                  "an interleave decision needs \"ratio\" \"D:C\" or \"D:C:R\" (integers 0..1000), found \"%.40s\"",
                  s->ratio);
    const oli_json_t *pi = oli_json_get(o, "pages_intended"), *pa = oli_json_get(o, "pages_achieved");
    if (pi && pi->type != OLI_JSON_OBJECT && pi->type != OLI_JSON_NULL)
      return fail(d, pi, "\"pages_intended\" must be an object {\"node\": pages}");
    if (pa && pa->type != OLI_JSON_OBJECT && pa->type != OLI_JSON_NULL)
      return fail(d, pa, "\"pages_achieved\" must be an object {\"node\": pages}");
    for (int k = 0; k < 2; k++) {
      const oli_json_t *m = k ? pa : pi;
      for (const oli_json_t *e = oli_json_first(m); e; e = e->next) {
        if (oli_json_u64(e, &tmp) != 0)
          return fail(d, e, "pages of node \"%s\" must be an integer >= 0", e->key);
      }
    }
    s->pages_intended = pi;
    s->pages_achieved = pa;
    oli_json_bool(oli_json_get(o, "pages_sampled"), &s->pages_sampled);
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

int cli_doc_load(const char *path, unsigned accept, cli_doc_t *d) {
  memset(d, 0, sizeof *d);
  d->path = path;
  d->program = "";
  d->access_source = "none";
  oli_json_error_t err;
  d->json = oli_json_parse_file(path, NULL, &err);
  if (d->json == NULL) {
    cli_error("%s: %s", path, err.msg);
    return -1;
  }
  d->root = oli_json_root(d->json);
  char words[80];
  accepted_words(accept, words, sizeof words);
  if (d->root->type != OLI_JSON_OBJECT) {
    fail(d, d->root, "expected an object (%s), found %s", words, oli_json_type_name(d->root->type));
    goto bad;
  }
  const oli_json_t *sv = oli_json_get(d->root, "schema");
  const char *schema = oli_json_str(sv);
  if (schema == NULL) {
    fail(d, NULL, "not an oli document: no \"schema\" string (expected %s)", words);
    goto bad;
  }
  d->schema = schema;
  if (!strcmp(schema, "oli-report")) d->kind = CLI_DOC_REPORT;
  else if (!strcmp(schema, "oli-plan")) d->kind = CLI_DOC_PLAN;
  else if (!strcmp(schema, "oli-profile")) d->kind = CLI_DOC_PROFILE;
  if (!(d->kind & accept)) {
    fail(d, sv, "schema \"%.40s\" is not accepted here (expected %s)", schema, words);
    goto bad;
  }
  const oli_json_t *vv = oli_json_get(d->root, "version");
  int64_t ver;
  if (oli_json_i64(vv, &ver) != 0) {
    fail(d, vv, "%s has no integer \"version\"", schema);
    goto bad;
  }
  if (ver != 1) {
    fail(d, vv, "%s version %lld is not supported (this oli reads version 1)", schema, (long long)ver);
    goto bad;
  }
  if (get_str(d, d->root, "program", &d->program, 0)) goto bad;
  if (d->kind == CLI_DOC_PLAN &&
      get_u64(d, d->root, "dram_limit", &d->dram_limit, NULL, 1, UINT64_MAX))
    goto bad;
  if (d->kind == CLI_DOC_PROFILE) {
    int has;
    if (get_u64(d, d->root, "footprint_peak", &d->footprint_peak, NULL, 1, UINT64_MAX) ||
        get_u64(d, d->root, "runs", &d->runs, &has, 0, UINT32_MAX) ||
        get_str(d, d->root, "access_source", &d->access_source, 0) ||
        get_str(d, d->root, "access_event", &d->access_event, 0))
      goto bad;
    if (!has) d->runs = 1;
    if (!d->access_source[0]) d->access_source = "none";
    if (strcmp(d->access_source, "none") && strcmp(d->access_source, "portable") &&
        strcmp(d->access_source, "pmu")) {
      fail(d, oli_json_get(d->root, "access_source"),
           "\"access_source\" \"%.40s\" is not one of none, portable, pmu", d->access_source);
      goto bad;
    }
  }
  const oli_json_t *sites = oli_json_get(d->root, "sites");
  if (sites == NULL || sites->type != OLI_JSON_ARRAY) {
    fail(d, sites ? sites : NULL, "%s needs a \"sites\" array", schema);
    goto bad;
  }
  d->nsites = oli_json_count(sites);
  d->sites = calloc(d->nsites + 1, sizeof *d->sites);
  if (d->sites == NULL) {
    fail(d, NULL, "out of memory");
    goto bad;
  }
  idx_t *idx = calloc(d->nsites + 1, sizeof *idx);
  size_t i = 0;
  for (const oli_json_t *o = oli_json_first(sites); o; o = o->next, i++) {
    if (load_site(d, o, &d->sites[i]) != 0) {
      free(idx);
      goto bad;
    }
    idx[i].id = d->sites[i].id;
    idx[i].i = i;
  }
  qsort(idx, d->nsites, sizeof *idx, cmp_idx);
  for (i = 1; i < d->nsites; i++) {
    if (idx[i].id == idx[i - 1].id) {
      const oli_json_t *first = oli_json_first(sites), *dup = first;
      for (size_t k = 0; k < idx[i - 1].i; k++) first = first->next;
      for (size_t k = 0; k < idx[i].i; k++) dup = dup->next;
      fail(d, dup, "duplicate site id 0x%016" PRIx64 " (first at line %u)", idx[i].id, first->line);
      free(idx);
      goto bad;
    }
  }
  d->index = idx;
  return 0;
bad:
  cli_doc_free(d);
  return -1;
}

void cli_doc_free(cli_doc_t *d) {
  free(d->index);
  d->index = NULL;
  free(d->sites);
  oli_json_free(d->json);
  d->sites = NULL;
  d->json = NULL;
  d->nsites = 0;
}

long cli_doc_find(const cli_doc_t *d, uint64_t id) {
  const idx_t *idx = d->index;
  size_t lo = 0, hi = d->nsites;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (idx[mid].id < id) lo = mid + 1;
    else hi = mid;
  }
  return (lo < d->nsites && idx[lo].id == id) ? (long)idx[lo].i : -1;
}

const char *cli_site_placement(const cli_site_t *s, char *buf, size_t n) {
  if (!s->decision[0]) snprintf(buf, n, "-");
  else if (!strcmp(s->decision, "interleave")) snprintf(buf, n, "interleave %s", s->ratio);
  else snprintf(buf, n, "%s", s->decision);
  return buf;
}
