/* runtime/plan.c - apply a plan (OLI_PLAN) or a profile's access intensities.
 *
 * OLI_PLAN names an `oli-plan` v1 file (docs/profile-schema.md) written by
 * `oli plan`: every listed site gets the plan's decision (reason "plan").
 * An `oli-profile` v1 file is accepted too: its sites get no fixed placement
 * but an access intensity (accesses per byte), which the decision rule uses
 * for cold objects (docs/runtime.md). Sites are found by ID, else re-matched
 * by source location (file, function, rel, kind, name) so a plan survives
 * edits that move code. A bad file (unreadable, not JSON, wrong schema or
 * version, bad or duplicate IDs, bad decisions) is ignored as a whole with one
 * W_PLAN warning: the program runs on static hints. At exit one line gives
 * the match statistics: matched, re-matched, unmatched (new), stale.
 *
 * A plan embedded at compile time (pass option plan=FILE) reaches the runtime
 * through __oli_plan_embedded from the module constructor and is used the
 * same way when OLI_PLAN is not set (OLI_PLAN overrides it, with a verbose
 * line); its exit line says "plan (embedded)".
 *
 * Loaded on first lookup (first placed allocation), with glibc's allocator
 * (__libc_malloc) so the interposed malloc is never re-entered. */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc_internal.h"
#include "internal.h"
#include "infile.h"
#include "json.h"

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

#define PLAN_MAX_BYTES OLI_DOC_MAX_BYTES /* what oli writes (common/json.h) */

typedef struct plan_site_s {
  oli_plan_entry_t e;
  const char *file, *function, *kind, *name; /* NULL when absent (point into the doc) */
  int64_t rel;                               /* -1 when absent */
  _Atomic int used;                          /* matched by a registered site */
} plan_site_t;

typedef struct plan_s {
  oli_json_doc_t *doc;
  plan_site_t *sites; /* sorted by id */
  size_t n;
  bool profile; /* an oli-profile: intensities only */
} plan_t;

static plan_t plan;
static char plan_path[4096];
static _Atomic int load_state; /* 0 none, 1 loading, 2 done */
static _Thread_local int in_load;
static const char *embedded;      /* __oli_plan_embedded: a copy of the text, NUL-terminated */
static size_t embedded_len;

/* ---- parsing ------------------------------------------------------------- */

static int fail(char *msg, size_t n, const oli_json_t *v, const char *fmt, const char *a) {
  char what[160];
  snprintf(what, sizeof what, fmt, a);
  if (v) snprintf(msg, n, "line %u, column %u: %s", v->line, v->col, what);
  else snprintf(msg, n, "%s", what);
  return -1;
}

static int parse_id(const char *s, uint64_t *out) {
  if (s == NULL || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return -1;
  uint64_t v = 0;
  int k = 0;
  for (const char *p = s + 2; *p; p++, k++) {
    int d = *p >= '0' && *p <= '9' ? *p - '0'
            : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
            : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
    if (d < 0 || k >= 16) return -1;
    v = v << 4 | (uint64_t)d;
  }
  if (k == 0) return -1;
  *out = v;
  return 0;
}

/* "D:C" or "D:C:R", integers 0-1000 (plan ratios), not all zero. */
static int parse_ratio(const char *s, uint32_t w[OLI_MAX_TARGETS]) {
  uint32_t t[OLI_MAX_TARGETS] = {0};
  int k = 0;
  const char *p = s;
  if (s == NULL) return -1;
  for (;;) {
    uint32_t v = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
      v = v * 10 + (uint32_t)(*p - '0');
      if (v > 1000) return -1;
    }
    if (digits == 0 || k == OLI_MAX_TARGETS) return -1;
    t[k++] = v;
    if (*p == '\0') break;
    if (*p++ != ':') return -1;
  }
  if (k < 2 || t[0] + t[1] + t[2] == 0) return -1;
  memcpy(w, t, sizeof t);
  return 0;
}

static const char *opt_str(const oli_json_t *site, const char *key) {
  return oli_json_str(oli_json_get(site, key)); /* null or absent -> NULL */
}

static int cmp_id(const void *a, const void *b) {
  uint64_t x = ((const plan_site_t *)a)->e.id, y = ((const plan_site_t *)b)->e.id;
  return x < y ? -1 : x > y;
}

/* Turn one site object into an entry; 0 ok, 1 skip (unsupported), -1 error. */
static int plan_site(const oli_json_t *s, bool profile, bool have_access, plan_site_t *out,
                     char *msg, size_t n) {
  memset(out, 0, sizeof *out);
  const oli_json_t *idv = oli_json_get(s, "id");
  if (s->type != OLI_JSON_OBJECT) return fail(msg, n, s, "a site is not an object%s", "");
  if (parse_id(oli_json_str(idv), &out->e.id) != 0)
    return fail(msg, n, idv ? idv : s, "site id is not \"0x\" and 1-16 hex digits%s", "");
  out->file = opt_str(s, "file");
  out->function = opt_str(s, "function");
  out->kind = opt_str(s, "kind");
  out->name = opt_str(s, "name");
  int64_t rel;
  out->rel = oli_json_i64(oli_json_get(s, "rel"), &rel) == 0 && rel >= 0 ? rel : -1;
  out->e.intensity = -1;

  uint64_t acc = 0, bytes = 0;
  const oli_json_t *av = oli_json_get(s, "accesses");
  int ra = oli_json_u64(av, &acc);
  if (ra == -2) return fail(msg, n, av, "site accesses is not an integer 0..2^64-1%s", "");
  const char *bkeys[3] = {"peak_live", "largest", "bytes"};
  for (int k = 0; k < 3 && bytes == 0; k++) {
    const oli_json_t *bv = oli_json_get(s, bkeys[k]);
    if (oli_json_u64(bv, &bytes) == -2)
      return fail(msg, n, bv, "site %s is not an integer 0..2^64-1", bkeys[k]);
  }
  if (have_access && ra == 0 && bytes > 0) out->e.intensity = (double)acc / (double)bytes;

  if (profile) {
    if (ra != 0) return fail(msg, n, s, "profile site without \"accesses\"%s", "");
    out->e.placement = OLI_PLACE_DEFAULT;
    return 0;
  }
  const oli_json_t *dv = oli_json_get(s, "decision");
  const char *dec = oli_json_str(dv);
  if (dec == NULL) return fail(msg, n, dv ? dv : s, "site without a \"decision\" string%s", "");
  if (strcmp(dec, "dram") == 0) out->e.placement = OLI_PLACE_DRAM;
  else if (strcmp(dec, "cxl") == 0) out->e.placement = OLI_PLACE_CXL;
  else if (strcmp(dec, "interleave") == 0) {
    const oli_json_t *rv = oli_json_get(s, "ratio");
    uint32_t w[OLI_MAX_TARGETS];
    if (parse_ratio(oli_json_str(rv), w) != 0)
      return fail(msg, n, rv ? rv : s, "interleave ratio is not D:C or D:C:R (0-1000)%s", "");
    if (w[0] == 0 && w[2] == 0) out->e.placement = OLI_PLACE_CXL;
    else if (w[1] == 0 && w[2] == 0) out->e.placement = OLI_PLACE_DRAM;
    else if (w[0] == 0 || w[1] == 0) return 1; /* DRAM+remote or CXL+remote only: not supported */
    else {
      out->e.placement = OLI_PLACE_INTERLEAVE;
      memcpy(out->e.weight, w, sizeof w);
    }
  } else {
    return fail(msg, n, dv, "decision '%s' is not one of dram, interleave, cxl", dec);
  }
  return 0;
}

/* Parse a whole plan/profile document into p (memory from __libc_malloc). */
static int parse_doc(const char *text, size_t len, plan_t *p, char *msg, size_t n) {
  oli_json_limits_t lim = {PLAN_MAX_BYTES, 64, __libc_malloc, __libc_free};
  oli_json_error_t err;
  memset(p, 0, sizeof *p);
  p->doc = oli_json_parse(text, len, &lim, &err);
  if (p->doc == NULL) {
    snprintf(msg, n, "%s", err.msg);
    return -1;
  }
  const oli_json_t *root = oli_json_root(p->doc);
  const oli_json_t *sv = oli_json_get(root, "schema");
  const char *schema = oli_json_str(sv);
  if (root->type != OLI_JSON_OBJECT || schema == NULL)
    return fail(msg, n, root, "not an oli-plan or oli-profile document (no \"schema\")%s", "");
  if (strcmp(schema, "oli-plan") == 0) p->profile = false;
  else if (strcmp(schema, "oli-profile") == 0) p->profile = true;
  else return fail(msg, n, sv, "schema '%s' is not oli-plan or oli-profile", schema);
  const oli_json_t *vv = oli_json_get(root, "version");
  uint64_t version;
  if (vv == NULL || vv->type != OLI_JSON_NUMBER)
    return fail(msg, n, vv ? vv : root, "\"version\" is missing or not a number%s", "");
  if (oli_json_u64(vv, &version) != 0 || version != 1) {
    char what[96];
    double d = 0;
    oli_json_double(vv, &d);
    snprintf(what, sizeof what, "%s version %g", schema, d);
    return fail(msg, n, vv, "%s is not supported (this oli reads version 1)", what);
  }
  const oli_json_t *sites = oli_json_get(root, "sites");
  if (sites == NULL || sites->type != OLI_JSON_ARRAY)
    return fail(msg, n, sites ? sites : root, "\"sites\" is missing or not an array%s", "");
  const char *src = oli_json_str(oli_json_get(root, "access_source"));
  bool have_access = !p->profile || (src != NULL && strcmp(src, "none") != 0);
  size_t count = oli_json_count(sites);
  p->sites = count ? __libc_malloc(count * sizeof *p->sites) : NULL;
  if (count && p->sites == NULL) return fail(msg, n, NULL, "out of memory%s", "");
  for (const oli_json_t *s = oli_json_first(sites); s; s = s->next) {
    int rc = plan_site(s, p->profile, have_access, &p->sites[p->n], msg, n);
    if (rc < 0) return -1;
    if (rc == 0) p->n++;
  }
  if (p->n > 1) qsort(p->sites, p->n, sizeof *p->sites, cmp_id); /* sites may be NULL when empty */
  for (size_t i = 1; i < p->n; i++) {
    if (p->sites[i].e.id == p->sites[i - 1].e.id) {
      char id[24];
      snprintf(id, sizeof id, "0x%016llx", (unsigned long long)p->sites[i].e.id);
      return fail(msg, n, NULL, "site id %s appears twice", id);
    }
  }
  return 0;
}

static void plan_free(plan_t *p) {
  if (p->sites) __libc_free(p->sites);
  oli_json_free(p->doc);
  memset(p, 0, sizeof *p);
}

/* Replace the process plan with `text` (tests, fuzzers). 0 ok; -1 with msg,
 * the plan then being empty. Not thread-safe against lookups. */
int _oli_plan_set_text(const char *text, size_t len, char *msg, size_t n) {
  plan_free(&plan);
  plan_t p;
  int rc = parse_doc(text, len, &p, msg, n);
  if (rc != 0) plan_free(&p);
  else plan = p;
  atomic_store(&load_state, 2);
  return rc;
}

void _oli_plan_reset(void) {
  plan_free(&plan);
  atomic_store(&load_state, 0);
}

static char *read_file(const char *path, size_t *len, char *msg, size_t n) {
  long long size = 0; /* a FIFO is refused at once: no hang before main */
  int fd = oli_infile_open(path, &size, msg, n);
  if (fd < 0) return NULL;
  if (size > (long long)PLAN_MAX_BYTES) {
    snprintf(msg, n, "file is larger than %zu bytes", (size_t)PLAN_MAX_BYTES);
    close(fd);
    return NULL;
  }
  char *buf = __libc_malloc((size_t)size + 1);
  size_t have = 0;
  while (buf && have < (size_t)size) {
    ssize_t k = read(fd, buf + have, (size_t)size - have);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    have += (size_t)k;
  }
  close(fd);
  if (buf == NULL) {
    snprintf(msg, n, "out of memory");
    return NULL;
  }
  *len = have;
  return buf;
}

static void load_embedded(void) {
  char msg[300];
  snprintf(plan_path, sizeof plan_path, "(embedded)");
  if (parse_doc(embedded, embedded_len, &plan, msg, sizeof msg) != 0) {
    plan_free(&plan);
    _oli_warning_message(W_PLAN, "embedded plan: %s; using static hints", msg);
    return;
  }
  _oli_verbose_message(1, "plan (embedded at compile time): %zu sites", plan.n);
}

static void load(void) {
  const char *path = _oli_option_str(oli_option_plan);
  if (path == NULL) {
    if (embedded) load_embedded();
    return;
  }
  if (embedded) _oli_verbose_message(1, "OLI_PLAN=%s overrides the plan embedded at compile time", path);
  snprintf(plan_path, sizeof plan_path, "%s", path);
  char msg[300];
  size_t len = 0;
  char *text = read_file(path, &len, msg, sizeof msg);
  int rc = -1;
  if (text) {
    rc = parse_doc(text, len, &plan, msg, sizeof msg);
    __libc_free(text);
    if (rc != 0) plan_free(&plan);
  }
  if (rc != 0)
    _oli_warning_message(W_PLAN, "OLI_PLAN=%s: %s; using static hints", path, msg);
  else
    _oli_verbose_message(1, "plan %s: %s with %zu sites", path,
                         plan.profile ? "profile (intensities)" : "plan", plan.n);
}

int _oli_plan_load(void) {
  if (atomic_load_explicit(&load_state, memory_order_acquire) == 2) return 0;
  if (in_load) return -1;
  int expected = 0;
  if (atomic_compare_exchange_strong(&load_state, &expected, 1)) {
    in_load = 1;
    load();
    in_load = 0;
    atomic_store_explicit(&load_state, 2, memory_order_release);
    return 0;
  }
  while (atomic_load_explicit(&load_state, memory_order_acquire) != 2) sched_yield();
  return 0;
}

/* ---- lookup ------------------------------------------------------------------ */

static plan_site_t *by_id(uint64_t id) {
  size_t lo = 0, hi = plan.n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (plan.sites[mid].e.id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < plan.n && plan.sites[lo].e.id == id ? &plan.sites[lo] : NULL;
}

static bool same(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* Source-location match: file, function and rel must be known and equal; kind
 * and name must be equal when the plan gives them. */
static plan_site_t *by_location(const __oli_site_t *s) {
  const char *file, *func, *name;
  _oli_site_strings(s, &file, &func, &name);
  const char *kind = oli_kind_name(s->kind);
  for (size_t i = 0; i < plan.n; i++) {
    plan_site_t *p = &plan.sites[i];
    if (p->rel < 0 || p->rel != (int64_t)s->rel || !same(p->file, file) || !same(p->function, func))
      continue;
    if (p->kind && !same(p->kind, kind)) continue;
    if (p->name && !same(p->name, name)) continue;
    return p;
  }
  return NULL;
}

/* 0 none, 1 exact, 2 re-matched; *entry set when found. */
static int classify(const __oli_site_t *site, plan_site_t **entry) {
  *entry = NULL;
  if (site == NULL || plan.n == 0) return 0;
  plan_site_t *p = by_id(site->id);
  if (p) {
    *entry = p;
    return 1;
  }
  p = by_location(site);
  if (p && p->e.id != site->id) {
    /* the entry's own ID may belong to another live site: then it is not stale */
    *entry = p;
    return 2;
  }
  return 0;
}

const oli_plan_entry_t *_oli_plan_lookup(const __oli_site_t *site) {
  if (site == NULL) return NULL;
  if (oli_unlikely(atomic_load_explicit(&load_state, memory_order_acquire) != 2))
    if (_oli_plan_load() != 0) return NULL;
  if (plan.n == 0) return NULL;
  plan_site_t *p;
  if (classify(site, &p) == 0) return NULL;
  if (!atomic_load_explicit(&p->used, memory_order_relaxed))
    atomic_store_explicit(&p->used, 1, memory_order_relaxed);
  return &p->e;
}

void _oli_plan_stats(oli_plan_stats_t *st) {
  memset(st, 0, sizeof *st);
  if (atomic_load(&load_state) != 2) return;
  st->entries = plan.n;
  for (size_t i = 0; i < plan.n; i++) atomic_store(&plan.sites[i].used, 0);
  for (size_t i = 0;; i++) {
    oli_site_state_t *s = _oli_site_at(i);
    if (s == NULL) break;
    const __oli_site_t *rec = _oli_site_record(s);
    if (rec == NULL) continue;
    plan_site_t *p;
    int c = classify(rec, &p);
    if (c == 1) st->matched++;
    else if (c == 2) st->rematched++;
    else st->unmatched++;
    if (p) atomic_store(&p->used, 1);
  }
  for (size_t i = 0; i < plan.n; i++)
    if (!atomic_load(&plan.sites[i].used)) st->stale++;
}

OLI_EXPORT void __oli_plan_embedded(const char *text, uint64_t len) {
  if (text == NULL || len == 0 || len > PLAN_MAX_BYTES) return;
  if (embedded) {
    if (len != embedded_len || memcmp(text, embedded, len) != 0)
      _oli_warning_message(W_PLAN, "modules embed different plans; the first one is used");
    return;
  }
  /* Our own copy: the module may be dlclose'd before the plan is first read
   * (or compared with a later module's). */
  char *copy = __libc_malloc((size_t)len + 1);
  if (copy == NULL) {
    _oli_warning_message(W_PLAN, "no memory for the embedded plan (%llu bytes); using static hints",
                         (unsigned long long)len);
    return;
  }
  memcpy(copy, text, (size_t)len);
  copy[len] = '\0';
  embedded = copy;
  embedded_len = (size_t)len;
  /* Constructors run before any thread: a lookup that already found no plan
   * (an earlier module's global) may load again. */
  if (atomic_load(&load_state) == 2 && plan.doc == NULL && _oli_option_str(oli_option_plan) == NULL)
    atomic_store(&load_state, 0);
}

/* Referenced from process init so static links keep this file (and its
 * destructor). The plan itself is read on first lookup (it needs malloc). */
void _oli_plan_init(void) {}

__attribute__((destructor)) static void plan_at_exit(void) {
  if (!_oli_is_initialized() || (_oli_option_str(oli_option_plan) == NULL && embedded == NULL)) return;
  _oli_plan_load();
  if (plan.doc == NULL) return; /* unusable: already warned */
  oli_plan_stats_t st;
  _oli_plan_stats(&st);
  _oli_verbose_message(0,
                       "%s %s: %zu sites matched, %zu re-matched by source location, "
                       "%zu unmatched (new), %zu stale",
                       plan.profile ? "profile" : "plan", plan_path, st.matched, st.rematched,
                       st.unmatched, st.stale);
}
