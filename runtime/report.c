/* runtime/report.c - the placement report (docs/report-schema.md, version 1).
 *
 * At exit, when OLI_REPORT is set: JSON to a file (common/outfile.c: a
 * temporary beside it, then a rename, so a reader never sees half a report;
 * a device or FIFO written in place), or a human table to stderr
 * (OLI_REPORT_FORMAT overrides). The file name may hold
 * %p (pid), %r (MPI rank), %h (host). A report that cannot be written gives
 * one warning; the program's exit status is not touched.
 *
 * Per site: counters, the decision of its largest object with the reason in
 * words, the pages that decision intends for the largest live object (or the
 * global) and the pages the kernel says it has (move_pages, sampled for huge
 * objects). Summary: peak live bytes per tier and the DRAM saved against an
 * all-DRAM placement. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "json.h"
#include "outfile.h"
#include "size.h"
#include "text.h"

#include "alloc_internal.h"

extern char *program_invocation_short_name;

typedef struct biggest_s {
  oli_block_info_t b;
  bool have;
} biggest_t;

/* The largest live arena object of every site, found in one pass. */
static biggest_t *best;
static size_t nbest;

static void pick(const oli_block_info_t *b, void *arg) {
  size_t i = _oli_site_index(b->site);
  if (i < nbest && (!best[i].have || b->size > best[i].b.size)) {
    best[i].b = *b;
    best[i].have = true;
  }
}

static void scan_blocks(void) {
  size_t n = 0;
  while (_oli_site_at(n)) n++;
  if (best) munmap(best, nbest * sizeof *best);
  best = mmap(NULL, (n ? n : 1) * sizeof *best, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (best == MAP_FAILED) {
    best = NULL;
    nbest = 0;
    return;
  }
  nbest = n;
  _oli_arena_foreach(pick, NULL);
}

static void ratio(const oli_decision_t *d, char *buf, size_t n) {
  char r[40];
  if (d->placement != OLI_PLACE_INTERLEAVE) snprintf(buf, n, "null");
  else snprintf(buf, n, "\"%s\"", _oli_decision_ratio(d, r, sizeof r));
}

/* What one site row needs, gathered once for both formats. */
typedef struct row_s {
  oli_site_state_t *st;
  const __oli_site_t *rec;
  const oli_global_t *global;
  uint64_t count, total, largest;
  oli_decision_t d;
  bool fallback_now; /* the measured object fell back */
  char reason[160];
  bool have_obj, sampled, query_ok;
  uint64_t obj_bytes;
  uint64_t intended[OLI_MAX_TARGETS];
  uint64_t achieved[OLI_MAX_NODES], absent;
} row_t;

static const oli_global_t *global_of(const oli_site_state_t *st) {
  for (size_t i = 0;; i++) {
    const oli_global_t *g = _oli_global_at(i);
    if (!g) return NULL;
    if (g->site == st) return g;
  }
}

static void gather(oli_site_state_t *st, row_t *r) {
  memset(r, 0, sizeof *r);
  r->st = st;
  r->rec = _oli_site_record(st);
  _oli_site_totals(st, &r->count, &r->total, &r->largest);
  _oli_site_last(st, &r->d);
  uint32_t lp = (uint32_t)_oli_option_get(oli_option_large_percent);
  if (r->count == 0) snprintf(r->reason, sizeof r->reason, "no object allocated");
  else _oli_reason_format(&r->d, lp, r->reason, sizeof r->reason);
  void *addr = NULL;
  uint64_t len = 0;
  size_t bi = _oli_site_index(st);
  if (bi < nbest && best[bi].have) {
    addr = best[bi].b.addr;
    len = best[bi].b.size;
    r->fallback_now = best[bi].b.fallback;
  } else if ((r->global = global_of(st)) != NULL) {
    addr = r->global->addr;
    len = r->global->size;
    r->fallback_now = r->global->fallback;
  }
  if (!addr) return;
  r->have_obj = true;
  r->obj_bytes = len;
  uint64_t pg = _oli_page_size(), npages = (len + pg - 1) / pg;
  /* the mechanism for the measured object (the decision's is its largest's) */
  r->d.mechanism = _oli_place_mechanism(&r->d, npages, (uintptr_t)addr % OLI_HUGE_BYTES == 0);
  if (!r->fallback_now) _oli_place_intended(&r->d, npages, r->intended);
  if (r->global && atomic_load_explicit(&r->global->unloaded, memory_order_acquire)) {
    /* its module is gone (dlclose) or finished (exit): the pages as they were then */
    const oli_pages_t *pp = &r->global->pages;
    r->query_ok = pp->ok;
    r->absent = pp->absent;
    r->sampled = pp->sampled;
    memcpy(r->achieved, pp->per_node, sizeof r->achieved);
    return;
  }
  r->query_ok = _oli_query_pages(addr, len, r->achieved, &r->absent, &r->sampled) == 0;
}

static void json_site(FILE *f, const row_t *r, bool first) {
  const __oli_site_t *s = r->rec;
  const char *file, *func, *name;
  _oli_site_strings(s, &file, &func, &name);
  char rt[40];
  ratio(&r->d, rt, sizeof rt);
  fprintf(f, "%s\n    {\"id\": \"0x%016llx\", \"kind\": ", first ? "" : ",", (unsigned long long)(s ? s->id : 0));
  oli_json_write_string(f, s ? oli_kind_name(s->kind) : "malloc");
  fprintf(f, ", \"file\": ");
  oli_json_write_string(f, file);
  fprintf(f, ", \"line\": %u, \"rel\": %u, \"function\": ", s ? s->line : 0, s ? s->rel : 0);
  oli_json_write_string(f, func);
  fprintf(f, ", \"name\": ");
  if (*name) oli_json_write_string(f, name);
  else fprintf(f, "null");
  if (s && (s->flags & OLI_SITE_F_SIZE_KNOWN)) fprintf(f, ", \"size_hint\": %llu", (unsigned long long)s->size_hint);
  else fprintf(f, ", \"size_hint\": null");
  fprintf(f, ",\n     \"count\": %llu, \"count_partial\": %s, \"total_bytes\": %llu, \"largest\": %llu, "
             "\"peak_live\": %llu",
          (unsigned long long)r->count, atomic_load(&r->st->bypass) ? "true" : "false", (unsigned long long)r->total,
          (unsigned long long)r->largest, (unsigned long long)atomic_load(&r->st->peak_live));
  fprintf(f, ",\n     \"decision\": \"%s\", \"ratio\": %s, \"nodes\": [", oli_placement_name(r->d.placement), rt);
  if (r->d.placement != OLI_PLACE_DEFAULT)
    for (int i = 0; i < r->d.ntargets && i < OLI_MAX_TARGETS; i++)
      fprintf(f, "%s%d", i ? ", " : "", r->d.target[i].node);
  fprintf(f, "], \"mechanism\": \"%s\", \"reason\": ", oli_mechanism_name(r->d.mechanism));
  oli_json_write_string(f, r->reason);
  fprintf(f, ", \"fallbacks\": %llu", (unsigned long long)atomic_load(&r->st->fallbacks));
  fprintf(f, ",\n     \"pages_intended\": {");
  bool any = false;
  if (r->have_obj)
    for (int i = 0; i < r->d.ntargets && i < OLI_MAX_TARGETS; i++)
      if (r->intended[i]) {
        fprintf(f, "%s\"%d\": %llu", any ? ", " : "", r->d.target[i].node, (unsigned long long)r->intended[i]);
        any = true;
      }
  fprintf(f, "}, \"pages_achieved\": {");
  any = false;
  if (r->have_obj && r->query_ok)
    for (int n = 0; n < OLI_MAX_NODES; n++)
      if (r->achieved[n]) {
        fprintf(f, "%s\"%d\": %llu", any ? ", " : "", n, (unsigned long long)r->achieved[n]);
        any = true;
      }
  fprintf(f, "}, \"pages_not_present\": %llu, \"pages_sampled\": %s}", (unsigned long long)r->absent,
          r->sampled ? "true" : "false");
}

/* partial: sites whose small objects took the fast path (not all counted). */
static void summary(uint64_t peak[OLI_TIER_COUNT_], uint64_t *placed, uint64_t *small, uint64_t *fallbacks,
                    uint64_t *partial) {
  *placed = *small = *fallbacks = *partial = 0;
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (!st) break;
    uint64_t c, b;
    _oli_site_totals(st, &c, &b, NULL);
    uint64_t objects = atomic_load(&st->count);
    *placed += objects;
    *small += c - objects;
    *fallbacks += atomic_load(&st->fallbacks);
    *partial += atomic_load(&st->bypass) != 0;
  }
  _oli_alloc_tier_bytes(NULL, peak);
}

/* "task_policy": what OLI_POLICY=uniform set for the whole process, or null. */
static void json_task_policy(FILE *f) {
  const oli_task_policy_t *p = _oli_task_policy();
  if (p->mode == OLI_TASK_POLICY_NONE) {
    fprintf(f, "  \"task_policy\": null,\n");
    return;
  }
  fprintf(f, "  \"task_policy\": {\"mode\": \"%s\", \"nodes\": [", _oli_task_policy_mode_name(p->mode));
  for (int i = 0; i < p->nnodes; i++) fprintf(f, "%s%d", i ? ", " : "", p->node[i]);
  fprintf(f, "], \"weights\": \"");
  for (int i = 0; i < p->nnodes; i++) fprintf(f, "%s%u", i ? ":" : "", p->weight[i]);
  fprintf(f, "\", \"exact\": %s},\n", p->exact ? "true" : "false");
}

static void json_report(FILE *f) {
  const oli_topology_t *t = _oli_topology();
  uint32_t w[OLI_MAX_TARGETS];
  const char *wsrc = _oli_alloc_weights(w);
  long rank = _oli_env_mpi_rank();
  fprintf(f, "{\n  \"schema\": \"oli-report\",\n  \"version\": 1,\n  \"oli_version\": ");
  oli_json_write_string(f, oli_version());
  fprintf(f, ",\n  \"program\": ");
  oli_json_write_string(f, program_invocation_short_name);
  fprintf(f, ",\n  \"pid\": %ld,\n  \"rank\": ", (long)getpid());
  if (rank >= 0) fprintf(f, "%ld", rank);
  else fprintf(f, "null");
  fprintf(f, ",\n  \"policy\": \"%s\",\n", oli_policy_name((oli_policy_t)_oli_option_get(oli_option_policy)));
  json_task_policy(f);
  fprintf(f, "  \"options\": {\"dram_limit\": %ld, \"large_percent\": %ld, \"min_size\": %ld, \"weights\": ",
          _oli_option_get(oli_option_dram_limit), _oli_option_get(oli_option_large_percent),
          _oli_option_get(oli_option_min_size));
  if (w[2]) fprintf(f, "\"%u:%u:%u\"}", w[0], w[1], w[2]);
  else fprintf(f, "\"%u:%u\"}", w[0], w[1]);
  fprintf(f, ",\n  \"topology\": {\n    \"local_node\": %d, \"cxl_node\": %d, \"remote_node\": %d,\n",
          t->local_node, t->cxl_node, t->remote_node);
  fprintf(f, "    \"weighted_interleave\": %s,\n    \"weights_source\": ", t->kernel_wi ? "true" : "false");
  oli_json_write_string(f, wsrc);
  fprintf(f, ",\n    \"nodes\": [");
  bool first = true;
  for (int i = 0; i < t->num_nodes && i < OLI_MAX_NODES; i++) {
    const oli_node_t *nd = &t->nodes[i];
    if (nd->kind == OLI_NODE_NONE && nd->ncpus == 0 && nd->mem_total == 0) continue;
    fprintf(f, "%s\n      {\"node\": %d, \"kind\": \"%s\", \"cpus\": %d, \"mem_total\": %llu", first ? "" : ",", i,
            oli_node_kind_name(nd->kind), nd->ncpus, (unsigned long long)nd->mem_total);
    if (nd->read_bw) fprintf(f, ", \"read_bandwidth\": %u", nd->read_bw);
    else fprintf(f, ", \"read_bandwidth\": null");
    if (nd->read_lat) fprintf(f, ", \"read_latency\": %u}", nd->read_lat);
    else fprintf(f, ", \"read_latency\": null}");
    first = false;
  }
  fprintf(f, "\n    ]\n  },\n  \"sites\": [");
  first = true;
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (!st) break;
    if (i == 0 && atomic_load(&st->count) == 0) { /* untagged: only when used */
      uint64_t c, b;
      _oli_site_totals(st, &c, &b, NULL);
      if (c == 0) continue;
    }
    row_t r;
    gather(st, &r);
    json_site(f, &r, first);
    first = false;
  }
  uint64_t peak[OLI_TIER_COUNT_], placed, small, fb, partial;
  summary(peak, &placed, &small, &fb, &partial);
  fprintf(f, "\n  ],\n  \"summary\": {\n    \"placed_objects\": %llu,\n    \"small_objects\": %llu,\n"
             "    \"small_objects_partial_sites\": %llu,\n    \"fallbacks\": %llu,\n",
          (unsigned long long)placed, (unsigned long long)small, (unsigned long long)partial,
          (unsigned long long)fb);
  fprintf(f, "    \"bytes\": {");
  for (int i = 0; i < OLI_TIER_COUNT_; i++)
    fprintf(f, "%s\"%s\": %llu", i ? ", " : "", oli_tier_name((oli_tier_t)i), (unsigned long long)peak[i]);
  fprintf(f, "},\n");
  uint64_t mb, mo;
  _oli_runtime_meta(&mb, &mo);
  fprintf(f, "    \"runtime_metadata\": {\"bytes\": %llu, \"tracked_objects\": %llu, \"bytes_per_object\": %llu},\n",
          (unsigned long long)mb, (unsigned long long)mo, (unsigned long long)(mo ? mb / mo : 0));
  fprintf(f, "    \"dram_saved\": %llu,\n    \"warnings\": {",
          (unsigned long long)(peak[OLI_TIER_CXL] + peak[OLI_TIER_REMOTE]));
  first = true;
  for (int i = 0; i < W_MAX_; i++) {
    uint64_t c = _oli_warning_count((oli_warning_t)i);
    if (!c) continue;
    fprintf(f, "%s\"%s\": %llu", first ? "" : ", ", oli_warning_name((oli_warning_t)i), (unsigned long long)c);
    first = false;
  }
  fprintf(f, "}\n  }\n}\n");
}

static void table_report(FILE *f) {
  const oli_topology_t *t = _oli_topology();
  char a[32], b[32];
  char prog[256]; /* a program name may hold anything, newlines too: escaped */
  fprintf(f, "oli report: %s, pid %ld, policy %s, local DRAM node %d, CXL node %d\n",
          oli_text_escape(prog, sizeof prog, program_invocation_short_name, 0), (long)getpid(), oli_policy_name((oli_policy_t)_oli_option_get(oli_option_policy)), t->local_node,
          t->cxl_node);
  fprintf(f, "%-18s %-8s %-28s %8s %10s %10s %-10s %-7s %s\n", "site", "kind", "where", "count", "largest", "peak",
          "decision", "ratio", "pages achieved / reason");
  for (size_t i = 0;; i++) {
    oli_site_state_t *st = _oli_site_at(i);
    if (!st) break;
    row_t r;
    gather(st, &r);
    if (i == 0 && r.count == 0) continue;
    const char *file, *func, *name;
    _oli_site_strings(r.rec, &file, &func, &name);
    const char *base = strrchr(file, '/');
    char where[64], rt[40], pages[160] = "", eb[64], en[64]; /* record strings escaped */
    snprintf(where, sizeof where, "%s:%u%s%s", oli_text_escape(eb, sizeof eb, base ? base + 1 : file, 0),
             r.rec ? r.rec->line : 0, *name ? " " : "", oli_text_escape(en, sizeof en, name, 0));
    ratio(&r.d, rt, sizeof rt);
    if (rt[0] == '"') {
      memmove(rt, rt + 1, strlen(rt));
      rt[strlen(rt) - 1] = 0;
    } else {
      snprintf(rt, sizeof rt, "-");
    }
    size_t len = 0;
    if (r.have_obj && r.query_ok) {
      for (int n = 0; n < OLI_MAX_NODES && len < sizeof pages - 24; n++)
        if (r.achieved[n]) len += (size_t)snprintf(pages + len, sizeof pages - len, "n%d:%llu ", n,
                                                   (unsigned long long)r.achieved[n]);
      if (r.absent && len < sizeof pages - 24)
        len += (size_t)snprintf(pages + len, sizeof pages - len, "untouched:%llu ", (unsigned long long)r.absent);
      if (r.sampled && len < sizeof pages - 12) len += (size_t)snprintf(pages + len, sizeof pages - len, "(sampled) ");
    }
    char cnt[24]; /* "256+": more small objects took the fast path uncounted */
    snprintf(cnt, sizeof cnt, "%llu%s", (unsigned long long)r.count, atomic_load(&st->bypass) ? "+" : "");
    fprintf(f, "0x%016llx %-8s %-28s %8s %10s %10s %-10s %-7s %s%s%s\n",
            (unsigned long long)(r.rec ? r.rec->id : 0), r.rec ? oli_kind_name(r.rec->kind) : "untagged",
            where, cnt, oli_format_size(r.largest, a, sizeof a),
            oli_format_size(atomic_load(&st->peak_live), b, sizeof b), oli_placement_name(r.d.placement), rt, pages,
            len ? "/ " : "", r.reason);
    if (atomic_load(&st->fallbacks))
      fprintf(f, "%18s %llu object(s) fell back to the default policy (see warnings)\n", "",
              (unsigned long long)atomic_load(&st->fallbacks));
  }
  uint64_t peak[OLI_TIER_COUNT_], placed, small, fb, partial;
  summary(peak, &placed, &small, &fb, &partial);
  char c[32], d[32], e[32];
  fprintf(f, "summary: %llu placed objects, %llu%s small, %llu fallbacks; peak bytes DRAM %s, CXL %s, remote DRAM %s, "
             "default %s; DRAM saved %s\n",
          (unsigned long long)placed, (unsigned long long)small, partial ? "+" : "", (unsigned long long)fb,
          oli_format_size(peak[OLI_TIER_DRAM], a, sizeof a), oli_format_size(peak[OLI_TIER_CXL], b, sizeof b),
          oli_format_size(peak[OLI_TIER_REMOTE], c, sizeof c), oli_format_size(peak[OLI_TIER_DEFAULT], d, sizeof d),
          oli_format_size(peak[OLI_TIER_CXL] + peak[OLI_TIER_REMOTE], e, sizeof e));
  uint64_t mb, mo;
  _oli_runtime_meta(&mb, &mo);
  fprintf(f, "runtime metadata: %s for %llu tracked objects (%llu B each)\n", oli_format_size(mb, a, sizeof a),
          (unsigned long long)mo, (unsigned long long)(mo ? mb / mo : 0));
  if (t->cxl_node < 0 && (oli_policy_t)_oli_option_get(oli_option_policy) != OLI_POLICY_OFF)
    fprintf(f, "note: no CXL node on this machine: placement degraded to local DRAM (node %d)\n", t->local_node);
}

int _oli_report_stream(void *file, int json) {
  FILE *f = file;
  scan_blocks();
  if (json) json_report(f);
  else table_report(f);
  return ferror(f) ? -1 : 0;
}

OLI_EXPORT int oli_report_write(const char *path) {
  if (!path) {
    errno = EINVAL;
    return -1;
  }
  _oli_alloc_ready();
  long fmt = _oli_option_get(oli_option_report_format);
  bool to_stderr = _oli_is_stderr_name(path);
  int json = fmt == OLI_REPORT_FORMAT_JSON || (fmt == OLI_REPORT_FORMAT_AUTO && !to_stderr);
  if (to_stderr) {
    fflush(stderr);
    return _oli_report_stream(stderr, json);
  }
  char name[4096], why[256];
  if (_oli_expand_pattern(path, name, sizeof name) != 0) {
    _oli_warning_message(W_REPORT, "OLI_REPORT='%s': cannot expand the file name (escapes: %%p %%r %%h %%%%)", path);
    errno = EINVAL;
    return -1;
  }
  /* common/outfile.c: a temporary and a rename, or a device or FIFO written
   * in place; never through another user's symlink. */
  oli_outfile_t o;
  int rc = oli_outfile_open(&o, name, OLI_DOC_MAX_BYTES, why, sizeof why);
  if (rc == 0) {
    _oli_report_stream(o.f, json); /* a failed write: the commit sees it */
    rc = oli_outfile_commit(&o, why, sizeof why);
  }
  if (rc != 0) {
    int e = errno;
    _oli_warning_message(W_REPORT, "cannot write report %s: %s", name, why);
    errno = e;
    return -1;
  }
  _oli_verbose_message(1, "report written to %s", name);
  return 0;
}

/* At exit: only when the runtime came up (an instrumented module or a placed
 * allocation) and OLI_REPORT is set. */
__attribute__((destructor)) static void report_at_exit(void) {
  if (!_oli_is_initialized() || !_oli_option_is_set(oli_option_report)) return;
  const char *p = _oli_option_str(oli_option_report);
  if (p) oli_report_write(p);
}
