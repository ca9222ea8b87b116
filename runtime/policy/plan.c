/* runtime/policy/plan.c - apply a plan (OLI_PLAN) or a profile's access intensities.
 *
 * OLI_PLAN names an `oli-plan` v1 file (docs/profile-schema.md) written by
 * `oli plan`: every listed site gets the plan's decision (reason "plan").
 * An `oli-profile` v1 file is accepted too: its sites get no fixed placement
 * but an access intensity (accesses per byte), which the decision rule uses
 * for cold objects (docs/runtime.md). Sites are found by ID, else re-matched
 * by source location (file, function, rel, kind, name) so a plan survives
 * edits that move code, and applies across builds: a plan from a preload
 * run (call-stack sites, named from DWARF by `oli plan`) to a plugin build.
 * Files compare by path suffix: equal, or one ends with "/" + the other (an
 * absolute path from DWARF against a path relative to the build root). A
 * bad file (unreadable, not JSON, wrong schema or version, bad or
 * duplicate IDs, bad decisions) is ignored as a whole with one
 * W_PLAN warning: the program runs on static hints. At exit one line gives
 * the match statistics: matched, re-matched, unmatched (new), stale, and
 * the sites the plan left out (its left_out[]) apart from the new ones.
 *
 * A plan embedded at compile time (pass option plan=FILE) reaches the runtime
 * through __oli_plan_embedded from the module constructor and is used the
 * same way when OLI_PLAN is not set (OLI_PLAN overrides it, with a verbose
 * line); its exit line says "plan (embedded)".
 *
 * Loaded on first lookup (first placed allocation), with glibc's allocator
 * (__libc_malloc) so the interposed malloc is never re-entered. */
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "siterec.h"
#include "doc.h"
#include "size.h"
#include "text.h"
#include "rematch.h"

extern char *program_invocation_short_name; /* glibc: the program's own name */

#define PLAN_MAX_BYTES OLI_DOC_MAX_BYTES /* what oli writes (common/json.h) */

typedef struct plan_site_s {
  oli_plan_entry_t e;
  const char *file, *function, *kind, *name; /* NULL when absent (point into the document) */
  int64_t rel;                               /* -1 when absent */
  uint32_t line;                             /* 0 when absent (the exit line names a stale entry by it) */
  _Atomic int used;                          /* matched by a registered site */
  bool owned;                                /* a registered site has its ID (pairing, under pair_lock) */
  bool paired;                               /* re-matched to a registered site (likewise) */
} plan_site_t;

/* Registered sites re-matched by source location: ID -> entry, sorted by ID.
 * A table is never changed once published; pairing more sites publishes a
 * larger copy (older ones are freed with the plan). */
typedef struct pairs_s {
  struct pairs_s *older;
  size_t n;
  struct pair_s {
    uint64_t site;
    uint32_t entry;
  } p[];
} pairs_t;

typedef struct plan_s {
  oli_doc_t doc;      /* the document, read by common/doc.c */
  bool loaded;        /* doc holds a usable plan or profile */
  plan_site_t *sites; /* sorted by id */
  size_t n;
  bool profile;       /* an oli-profile: intensities only */
  _Atomic(pairs_t *) pairs; /* registered sites re-matched by location */
  _Atomic size_t paired_upto; /* registry index the pairing has seen */
} plan_t;

static plan_t plan;
/* Bumped whenever the plan changes (load, replace, reset): a site state's
 * cached entry (plan_gen, plan_entry) is good while its generation is this. */
_Atomic uint64_t _oli_plan_gen = 1; /* read inline by the placed path (internal.h) */
static char plan_path[4096];
_Atomic int _oli_plan_state; /* 0 none, 1 loading, 2 done; read inline too */
static _Thread_local int in_load;
static const char *embedded;      /* __oli_plan_embedded: a copy of the text, NUL-terminated */
static size_t embedded_len;
_Atomic uint64_t _oli_plan_limit; /* the loaded plan's dram_limit (0: none, unlimited, or a profile); read inline */
static pthread_mutex_t pair_lock = PTHREAD_MUTEX_INITIALIZER;
__attribute__((constructor)) static void guard_pair_lock(void) { _oli_fork_guard(&pair_lock, NULL); }
static oli_record_at_fun *records; /* the registry's records (objects/site.c) */
static void *records_arg;

/* ---- from the document to entries -------------------------------------------- */

static const char *or_null(const char *s) { return s && s[0] ? s : NULL; }

static int cmp_id(const void *a, const void *b) {
  uint64_t x = ((const plan_site_t *)a)->e.id, y = ((const plan_site_t *)b)->e.id;
  return x < y ? -1 : x > y;
}

/* One site of the document as an entry (common/doc.c refuses an interleave
 * this runtime cannot follow: a remote-DRAM share without DRAM and CXL). */
static void plan_site(const oli_doc_site_t *s, bool profile, bool have_access, plan_site_t *out) {
  memset(out, 0, sizeof *out);
  out->e.id = s->id;
  out->file = or_null(s->file);
  out->function = or_null(s->function);
  out->kind = or_null(s->kind);
  out->name = or_null(s->name);
  out->rel = OLI_HAS(s, OLI_F_REL) ? (int64_t)s->rel : -1;
  out->line = OLI_HAS(s, OLI_F_LINE) ? (uint32_t)s->line : 0;
  out->e.intensity = -1;
  if (have_access && OLI_HAS(s, OLI_F_ACCESSES) && s->bytes > 0)
    out->e.intensity = (double)s->accesses / (double)s->bytes;
  out->e.placement = profile ? OLI_PLACE_DEFAULT : s->placement;
  if (out->e.placement != OLI_PLACE_INTERLEAVE) return;
  /* an interleave whose ratio gives one tier everything is that tier's placement */
  const uint32_t *w = s->weight;
  if (w[OLI_TIER_DRAM] == 0 && w[OLI_TIER_REMOTE] == 0) out->e.placement = OLI_PLACE_CXL;
  else if (w[OLI_TIER_CXL] == 0 && w[OLI_TIER_REMOTE] == 0) out->e.placement = OLI_PLACE_DRAM;
  else memcpy(out->e.weight, w, sizeof out->e.weight);
}

static void plan_free(plan_t *p) {
  atomic_store(&_oli_plan_limit, 0);
  if (p->sites) __libc_free(p->sites);
  for (pairs_t *t = atomic_load(&p->pairs), *older; t; t = older) older = t->older, __libc_free(t);
  if (p->loaded) oli_doc_free(&p->doc);
  memset(p, 0, sizeof *p);
}

/* p->doc read: its sites as entries (memory from __libc_malloc). */
static int use_doc(plan_t *p, char *msg, size_t n) {
  p->loaded = true;
  p->profile = p->doc.kind == OLI_DOC_PROFILE;
  atomic_store(&_oli_plan_limit, !p->profile && p->doc.dram_limit.has ? p->doc.dram_limit.v : 0);
  bool have_access = !p->profile || p->doc.access_source != OLI_ACCESS_NONE;
  p->sites = p->doc.nsites ? __libc_malloc(p->doc.nsites * sizeof *p->sites) : NULL;
  if (p->doc.nsites && p->sites == NULL) {
    snprintf(msg, n, "out of memory");
    return -1;
  }
  for (size_t i = 0; i < p->doc.nsites; i++) plan_site(&p->doc.sites[i], p->profile, have_access, &p->sites[p->n++]);
  if (p->n > 1) qsort(p->sites, p->n, sizeof *p->sites, cmp_id); /* IDs are distinct (the reader checks) */
  return 0;
}

static const oli_json_limits_t limits = {PLAN_MAX_BYTES, 64, __libc_malloc, __libc_free};

/* A plan/profile document in memory (a file: path != NULL) into p. */
static int parse_doc(const char *text, size_t len, const char *path, plan_t *p, char *msg, size_t n) {
  memset(p, 0, sizeof *p);
  unsigned accept = OLI_DOC_PLAN | OLI_DOC_PROFILE;
  int rc = path ? oli_doc_load(path, accept, &limits, &p->doc, msg, n)
                : oli_doc_parse(text, len, accept, &limits, &p->doc, msg, n);
  return rc == 0 ? use_doc(p, msg, n) : -1;
}

/* Replace the process plan with `text` (tests, fuzzers). 0 ok; -1 with msg,
 * the plan then being empty. Not thread-safe against lookups. */
int _oli_plan_set_text(const char *text, size_t len, char *msg, size_t n) {
  atomic_fetch_add(&_oli_plan_gen, 1);
  plan_free(&plan);
  plan_t p;
  int rc = parse_doc(text, len, NULL, &p, msg, n);
  if (rc != 0) plan_free(&p);
  else plan = p;
  atomic_store(&_oli_plan_state, 2);
  return rc;
}

void _oli_plan_reset(void) {
  atomic_fetch_add(&_oli_plan_gen, 1);
  plan_free(&plan);
  atomic_store(&_oli_plan_state, 0);
}

/* The plan's budget holds for the whole run unless OLI_DRAM_LIMIT is given
 * (objects the plan does not list, re-decisions): say so once. */
static void note_limit(const char *what) {
  uint64_t lim = atomic_load(&_oli_plan_limit);
  if (lim == 0 || _oli_option_is_set(oli_option_dram_limit) ||
      !oli_policy_is_rule((oli_policy_t)_oli_option_get(oli_option_policy)))
    return;
  char b[32];
  _oli_verbose_message(1, "%s: DRAM limit %s, the plan's dram_limit (OLI_DRAM_LIMIT overrides it)", what,
                       oli_format_size(lim, b, sizeof b));
}

static void load_embedded(void) {
  char msg[300];
  snprintf(plan_path, sizeof plan_path, "(embedded)");
  if (parse_doc(embedded, embedded_len, NULL, &plan, msg, sizeof msg) != 0) {
    plan_free(&plan);
    _oli_warning_message(W_PLAN, "embedded plan: %s; using static hints", msg);
    return;
  }
  _oli_verbose_message(1, "plan (embedded at compile time): %zu sites", plan.n);
  note_limit("plan (embedded)");
  /* No CXL node here: say what becomes of the plan's CXL shares, as OLI_PLAN's
   * no-CXL warning does (the embedded plan asks for CXL without any option). */
  const oli_topology_t *t = _oli_is_initialized() ? _oli_topology() : NULL;
  size_t want = 0;
  for (size_t i = 0; i < plan.n; i++)
    want += plan.sites[i].e.placement == OLI_PLACE_CXL || plan.sites[i].e.placement == OLI_PLACE_INTERLEAVE;
  if (t && t->cxl_node < 0 && want && oli_policy_is_rule((oli_policy_t)_oli_option_get(oli_option_policy)))
    _oli_warning_message(W_PLAN, "the plan embedded at compile time interleaves or puts on CXL %zu site%s, but "
                         "there is no CXL node (a node with memory and no CPUs): they stay on local DRAM node %d",
                         want, want == 1 ? "" : "s", t->local_node);
}

static void load(void) {
  const char *path = _oli_option_str(oli_option_plan);
  if (path == NULL) {
    if (embedded) load_embedded();
    return;
  }
  if (embedded) _oli_verbose_message(1, "OLI_PLAN=%s overrides the plan embedded at compile time", path);
  snprintf(plan_path, sizeof plan_path, "%s", path);
  char msg[300]; /* opened under the start-up directory, named as given */
  int rc = parse_doc(NULL, 0, _oli_option_path(oli_option_plan), &plan, msg, sizeof msg);
  if (rc != 0) plan_free(&plan);
  if (rc != 0) { /* the user's input, as a bad OLI_MACHINE: stop (init.c loads it at start-up) */
    _oli_error_message(0, "OLI_PLAN=%s: %s; write one with oli plan, or unset OLI_PLAN", path, msg);
    _oli_fatal_exit();
  } else {
    _oli_verbose_message(1, "plan %s: %s with %zu sites", path,
                         plan.profile ? "profile (intensities)" : "plan", plan.n);
    char what[80];
    snprintf(what, sizeof what, "plan %s", path);
    note_limit(what);
  }
}

int _oli_plan_load(void) {
  if (atomic_load_explicit(&_oli_plan_state, memory_order_acquire) == 2) return 0;
  if (in_load) return -1;
  int expected = 0;
  if (atomic_compare_exchange_strong(&_oli_plan_state, &expected, 1)) {
    in_load = 1;
    load();
    atomic_fetch_add(&_oli_plan_gen, 1);
    in_load = 0;
    atomic_store_explicit(&_oli_plan_state, 2, memory_order_release);
    return 0;
  }
  while (atomic_load_explicit(&_oli_plan_state, memory_order_acquire) != 2) sched_yield();
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

/* ---- re-matching by source location ------------------------------------------ */

void _oli_plan_use_records(oli_record_at_fun *record_at, void *arg) {
  records_arg = arg;
  __atomic_store_n(&records, record_at, __ATOMIC_RELEASE);
}

/* The plan's entry e has record r's ID but names another object
 * (oli_rematch_names_differ): r is re-matched by location first. */
static bool id_taken(const plan_site_t *e, const __oli_site_t *r) {
  const char *file, *func, *name;
  oli_siterec_strings(r, &file, &func, &name);
  return oli_rematch_names_differ(e->name, name);
}

static oli_loc_t loc_of_site(const __oli_site_t *s, long index) {
  const char *file, *func, *name;
  oli_siterec_strings(s, &file, &func, &name);
  const char *kind = oli_kind_name(s->kind);
  return (oli_loc_t){file ? file : "", func ? func : "", kind ? kind : "", name ? name : "", (int64_t)s->rel, index, 0};
}

static int cmp_pair(const void *a, const void *b) {
  uint64_t x = ((const struct pair_s *)a)->site, y = ((const struct pair_s *)b)->site;
  return x < y ? -1 : x > y;
}

/* Pair the records registered since the last pairing (record_at from index
 * plan.paired_upto on) whose IDs the plan lacks with the entries no
 * registered record has and none took yet, by common/rematch.c's rules (oli
 * diff's): all records a run registers before its first placed allocation
 * are paired together, a library's dlopen'd later against what is left.
 * Under pair_lock; on no memory the new records stay unpaired. */
static void pair_new(oli_record_at_fun *record_at, void *arg) {
  size_t from = atomic_load(&plan.paired_upto), end = from, nrec = 0;
  bool more = true;
  for (;; end++) { /* end: the first index with no record yet */
    const __oli_site_t *r = record_at(arg, end, &more);
    if (!more) break;
    nrec += r != NULL;
  }
  if (end == from) return;
  const __oli_site_t **rec = nrec ? __libc_malloc(nrec * sizeof *rec) : NULL;
  oli_loc_t *nw = nrec ? __libc_malloc(nrec * sizeof *nw) : NULL;
  oli_loc_t *old = plan.n ? __libc_malloc(plan.n * sizeof *old) : NULL;
  long *pair = nrec ? __libc_malloc(nrec * sizeof *pair) : NULL;
  pairs_t *was = atomic_load(&plan.pairs), *t = NULL;
  size_t nn = 0, no = 0, made = 0;
  if (nrec && (!rec || !nw || !old || !pair)) goto out;
  size_t cap = nrec;
  nrec = 0;
  for (size_t i = from; i < end && nrec < cap; i++) { /* this pass's records: owned entries first */
    const __oli_site_t *r = record_at(arg, i, &more);
    if (r == NULL) continue;
    plan_site_t *e = by_id(r->id);
    if (e && !id_taken(e, r)) e->owned = true;
    else rec[nrec] = r, pair[nrec] = -1, nw[nn++] = loc_of_site(r, (long)nrec++); /* e, if any: another's */
  }
  for (size_t k = 0; k < plan.n; k++) {
    const plan_site_t *e = &plan.sites[k];
    if (e->owned || e->paired || !e->file || !e->function) continue;
    old[no++] = (oli_loc_t){e->file, e->function, e->kind ? e->kind : "", e->name ? e->name : "", e->rel, (long)k, 0};
  }
  made = oli_rematch(old, no, nw, nn, pair);
  if (made) {
    size_t had = was ? was->n : 0;
    t = __libc_malloc(sizeof *t + (had + made) * sizeof t->p[0]);
    if (!t) goto out;
    t->older = was;
    t->n = had;
    if (had) memcpy(t->p, was->p, had * sizeof t->p[0]);
    for (size_t k = 0; k < nrec; k++)
      if (pair[k] >= 0) {
        plan.sites[pair[k]].paired = true;
        t->p[t->n++] = (struct pair_s){rec[k]->id, (uint32_t)pair[k]};
      }
    qsort(t->p, t->n, sizeof t->p[0], cmp_pair);
    atomic_store_explicit(&plan.pairs, t, memory_order_release);
  }
out:
  atomic_store(&plan.paired_upto, end);
  if (rec) __libc_free(rec);
  if (nw) __libc_free(nw);
  if (old) __libc_free(old);
  if (pair) __libc_free(pair);
}

/* The entry a registered record was re-matched to, pairing first the records
 * registered since the last time; NULL when none. */
static plan_site_t *by_location(const __oli_site_t *s, oli_record_at_fun *record_at, void *arg) {
  if (record_at) {
    bool more = false;
    record_at(arg, atomic_load_explicit(&plan.paired_upto, memory_order_acquire), &more);
    if (more) {
      pthread_mutex_lock(&pair_lock);
      pair_new(record_at, arg);
      pthread_mutex_unlock(&pair_lock);
    }
  }
  const pairs_t *t = atomic_load_explicit(&plan.pairs, memory_order_acquire);
  size_t lo = 0, hi = t ? t->n : 0;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (t->p[mid].site < s->id) lo = mid + 1;
    else hi = mid;
  }
  return t && lo < t->n && t->p[lo].site == s->id ? &plan.sites[t->p[lo].entry] : NULL;
}

/* 0 none, 1 exact, 2 re-matched; *entry set when found. */
static int classify(const __oli_site_t *site, plan_site_t **entry, oli_record_at_fun *record_at, void *arg) {
  *entry = NULL;
  if (site == NULL || plan.n == 0) return 0;
  plan_site_t *p = by_id(site->id), *q;
  if (p && !id_taken(p, site)) {
    *entry = p;
    return 1;
  }
  q = by_location(site, record_at, arg);
  if (q) {
    *entry = q;
    return 2;
  }
  if (p) { /* its ID's entry names another object that no record took: renamed in place */
    pthread_mutex_lock(&pair_lock);
    bool taken = p->paired;
    pthread_mutex_unlock(&pair_lock);
    if (!taken) {
      *entry = p;
      return 1;
    }
  }
  return 0;
}

const oli_plan_entry_t *_oli_plan_lookup(const __oli_site_t *site) {
  if (site == NULL) return NULL;
  if (oli_unlikely(atomic_load_explicit(&_oli_plan_state, memory_order_acquire) != 2))
    if (_oli_plan_load() != 0) return NULL;
  if (plan.n == 0) return NULL;
  plan_site_t *p;
  if (classify(site, &p, __atomic_load_n(&records, __ATOMIC_ACQUIRE), records_arg) == 0) return NULL;
  if (!atomic_load_explicit(&p->used, memory_order_relaxed))
    atomic_store_explicit(&p->used, 1, memory_order_relaxed);
  return &p->e;
}

const oli_plan_entry_t *_oli_plan_for(oli_site_state_t *st) {
  if (st == NULL || st->site == NULL) return NULL;
  if (oli_unlikely(atomic_load_explicit(&_oli_plan_state, memory_order_acquire) != 2))
    if (_oli_plan_load() != 0) return NULL;
  uint64_t gen = atomic_load_explicit(&_oli_plan_gen, memory_order_acquire);
  if (atomic_load_explicit(&st->plan_gen, memory_order_acquire) == gen)
    return atomic_load_explicit(&st->plan_entry, memory_order_relaxed);
  const oli_plan_entry_t *e = _oli_plan_lookup(st->site);
  atomic_store_explicit(&st->plan_entry, e, memory_order_relaxed);
  atomic_store_explicit(&st->plan_gen, gen, memory_order_release);
  return e;
}

/* A registered site the plan left out (its left_out[]): by ID, else by
 * file, function and rel. Exit statistics only: a scan. */
static bool left_out(const __oli_site_t *s) {
  if (oli_doc_find_left(&plan.doc, s->id) >= 0) return true;
  const char *file, *func, *name;
  oli_siterec_strings(s, &file, &func, &name);
  for (size_t i = 0; i < plan.doc.nleft; i++) {
    const oli_doc_site_t *l = &plan.doc.left[i];
    if (OLI_HAS(l, OLI_F_REL) && l->rel == s->rel && oli_text_same_file(or_null(l->file), file) &&
        same(or_null(l->function), func))
      return true;
  }
  return false;
}

void _oli_plan_stats(oli_plan_stats_t *st, oli_record_at_fun *record_at, oli_record_small_fun *small, void *arg) {
  memset(st, 0, sizeof *st);
  if (atomic_load(&_oli_plan_state) != 2) return;
  st->entries = plan.n;
  for (size_t i = 0; i < plan.n; i++) atomic_store(&plan.sites[i].used, 0);
  bool more = true;
  for (size_t i = 0; more; i++) {
    const __oli_site_t *rec = record_at(arg, i, &more);
    if (rec == NULL) continue;
    plan_site_t *p;
    int c = classify(rec, &p, record_at, arg);
    if (c == 1) st->matched++;
    else if (c == 2) st->rematched++;
    /* left out and placing nothing, as the plan expected; one that placed an object
     * (an edit gave a left-out site's ID to a large one) is new, as oli diff's `moved` */
    else if (plan.doc.nleft && (small == NULL || small(arg, i)) && left_out(rec)) st->left_out++;
    else if (small && small(arg, i)) st->small_new++; /* as oli diff's summary.small */
    else if (st->unmatched++ < 2) st->first_new[st->unmatched - 1] = rec;
    if (p) atomic_store(&p->used, 1);
  }
  for (size_t i = 0; i < plan.n; i++)
    if (!atomic_load(&plan.sites[i].used) && st->stale++ < 2) st->first_stale[st->stale - 1] = i;
}

/* "; new: WHERE (0xID), ...; stale: ..." - the first two of each, as the
 * report names sites (the line is cut at 512 bytes) - into buf. */
static void name_unmatched(const oli_plan_stats_t *st, char *buf, size_t n) {
  size_t k = 0;
  char w[320];
  buf[0] = '\0';
  for (size_t i = 0; i < st->unmatched && i < 2; i++) {
    const char *file, *func, *name;
    oli_siterec_strings(st->first_new[i], &file, &func, &name);
    const __oli_site_t *r = st->first_new[i];
    oli_text_where(w, sizeof w, file, r->line, r->kind == OLI_KIND_GLOBAL, func, r->rel);
    k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%s (0x%016llx)", i ? ", " : "; new: ", w,
                          (unsigned long long)r->id);
  }
  if (st->unmatched > 2 && k < n) k += (size_t)snprintf(buf + k, n - k, ", ...");
  for (size_t i = 0; i < st->stale && i < 2; i++) {
    const plan_site_t *p = &plan.sites[st->first_stale[i]];
    oli_text_where(w, sizeof w, p->file ? p->file : "", p->line, 0, p->function ? p->function : "",
                   p->rel >= 0 ? (unsigned)p->rel : 0);
    if (k < n)
      k += (size_t)snprintf(buf + k, n - k, "%s%s (0x%016llx)", i ? ", " : "; stale: ", w,
                            (unsigned long long)p->e.id);
  }
  if (st->stale > 2 && k < n) k += (size_t)snprintf(buf + k, n - k, ", ...");
  if ((st->unmatched || st->stale) && k < n) snprintf(buf + k, n - k, " ('oli diff PLAN REPORT' lists them)");
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
  if (atomic_load(&_oli_plan_state) == 2 && !plan.loaded && _oli_option_str(oli_option_plan) == NULL)
    atomic_store(&_oli_plan_state, 0);
}

/* The plan statistics line at exit (init.c's end path): how the registered
 * sites (record_at, as for _oli_plan_stats) matched the plan in use. */
void _oli_plan_fini(oli_record_at_fun *record_at, oli_record_small_fun *small, void *arg) {
  if (!_oli_is_initialized() || (_oli_option_str(oli_option_plan) == NULL && embedded == NULL)) return;
  _oli_plan_load();
  if (!plan.loaded) return; /* unusable: already warned */
  oli_plan_stats_t st;
  _oli_plan_stats(&st, record_at, small, arg);
  oli_policy_t policy = (oli_policy_t)_oli_option_get(oli_option_policy);
  if (!oli_policy_is_rule(policy)) { /* decide.c: a fixed policy places every object itself */
    _oli_verbose_message(0, "%s %s: not applied: OLI_POLICY=%s places every object itself (plans apply under OLI_POLICY=oli)",
                         plan.profile ? "profile" : "plan", plan_path, oli_policy_name(policy));
    return;
  }
  /* a JSON report or profile on stderr is a document: no line of ours among
   * it at the default level (OLI_VERBOSE=1 still shows it) */
  const char *rep = _oli_option_str(oli_option_report), *prof = _oli_option_str(oli_option_profile);
  long fmt = _oli_option_get(oli_option_report_format);
  bool json_on_stderr = (_oli_is_stderr_name(rep) && fmt == OLI_REPORT_FORMAT_JSON) || _oli_is_stderr_name(prof);
  char left[160] = ""; /* a plan that lists the sites it left out counts them apart, and new sites that placed nothing */
  size_t k = 0;
  if (plan.doc.nleft)
    k = (size_t)snprintf(left, sizeof left, ", %zu left out by the plan (small or never allocated)", st.left_out);
  if (st.small_new)
    snprintf(left + k, sizeof left - k, ", %zu new that placed nothing (below OLI_MIN_SIZE or never allocated)",
             st.small_new);
  char names[1200];
  name_unmatched(&st, names, sizeof names);
  /* nothing matched: a plan of another program? (its "program", as oli plan wrote it) */
  const char *for_prog = plan.doc.program;
  if (st.matched + st.rematched == 0 && for_prog && for_prog[0] &&
      strcmp(for_prog, program_invocation_short_name) != 0) {
    size_t k = strlen(names);
    char shown[80];
    oli_text_escape(shown, sizeof shown, for_prog, 0);
    snprintf(names + k, sizeof names - k, "; the plan is for program '%s'", shown);
  }
  _oli_verbose_message(json_on_stderr ? 1 : 0,
                       "%s %s: %zu site%s matched, %zu re-matched by source location, "
                       "%zu unmatched (new), %zu stale%s%s",
                       plan.profile ? "profile" : "plan", plan_path, st.matched, st.matched == 1 ? "" : "s",
                       st.rematched, st.unmatched, st.stale, left, names);
  /* a plan none of whose sites is this program's, by ID or by source
   * location: another program's (its dram_limit held all the same) */
  size_t mine = st.unmatched + st.small_new;
  if (st.matched + st.rematched == 0 && mine > 0 && plan.n > 0) {
    uint64_t lim = atomic_load(&_oli_plan_limit);
    char b[32] = "";
    if (lim && !_oli_option_is_set(oli_option_dram_limit)) oli_format_size(lim, b, sizeof b);
    char shown[80] = "";
    if (for_prog && for_prog[0]) oli_text_escape(shown, sizeof shown, for_prog, 0);
    _oli_warning_message(W_PLAN, "%s %s matched none of this program's %zu sites (it is for program '%s'); it decided "
                         "nothing here%s%s%s; make one for this program with oli plan",
                         plan.profile ? "profile" : "plan", plan_path, mine, shown[0] ? shown : "?",
                         b[0] ? ", but its dram_limit of " : "", b, b[0] ? " held" : "");
  }
}
