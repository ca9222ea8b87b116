/* common/machine.c - reader and writer of the oli-machine document. */
#include "machine.h"
#include "infile.h"
#include "oli_vocab.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One line: "line L, column C: ..." for a value, else the text alone. */
static int fail(char *why, size_t n, const oli_json_t *v, const char *fmt, ...) {
  char what[160];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (why && n) {
    if (v) snprintf(why, n, "line %u, column %u: %s", v->line, v->col, what);
    else snprintf(why, n, "%s", what);
  }
  return -1;
}

/* An integer member in [lo, hi]; absent or null is `dflt` unless required. */
static int member_u64(const oli_json_t *obj, const char *key, const char *where, uint64_t lo, uint64_t hi,
                      int required, uint64_t dflt, const char *unit, uint64_t *out, char *why, size_t n) {
  const oli_json_t *v = oli_json_get(obj, key);
  if (v == NULL || v->type == OLI_JSON_NULL) {
    if (required) return fail(why, n, obj, "%s.%s is missing; %s", where, key, unit);
    *out = dflt;
    return 0;
  }
  uint64_t x;
  if (oli_json_u64(v, &x) != 0 || x < lo || x > hi)
    return fail(why, n, v, "%s.%s is not %s", where, key, unit);
  *out = x;
  return 0;
}

/* An array member of at most max points {kkey: K, vkey: V} (absent or null:
 * none), K strictly ascending when `ascending`; into pt[][2], *np. */
typedef struct points_s {
  const char *name;          /* "cache_gathers", "measurements[0].sweep" */
  unsigned max;
  const char *kkey, *kunit;  /* the key's member and what it must be */
  uint64_t kmax;
  const char *vkey, *vunit;
  uint64_t vmax;
  int ascending;
} points_t;

static int parse_points(const oli_json_t *h, const points_t *d, uint64_t (*pt)[2], uint32_t *np, char *why,
                        size_t n) {
  *np = 0;
  if (h == NULL || h->type == OLI_JSON_NULL) return 0;
  if (h->type != OLI_JSON_ARRAY || oli_json_count(h) > d->max)
    return fail(why, n, h, "%s is not an array of at most %u points", d->name, d->max);
  for (const oli_json_t *p = oli_json_first(h); p; p = p->next) {
    char where[80];
    snprintf(where, sizeof where, "%s[%u]", d->name, *np);
    uint64_t k, v;
    if (p->type != OLI_JSON_OBJECT) return fail(why, n, p, "%s is not an object", where);
    if (member_u64(p, d->kkey, where, 1, d->kmax, 1, 0, d->kunit, &k, why, n) ||
        member_u64(p, d->vkey, where, 1, d->vmax, 1, 0, d->vunit, &v, why, n))
      return -1;
    if (d->ascending && *np && k <= pt[*np - 1][0])
      return fail(why, n, p, "%s.%s is %" PRIu64 ", not above the point before's %" PRIu64 " (the points ascend by %s)",
                  where, d->kkey, k, pt[*np - 1][0], d->kkey);
    pt[*np][0] = k, pt[*np][1] = v, ++*np;
  }
  return 0;
}

/* "cache_gathers": [{"bytes": B, "gather_ps": T}, ...], B strictly ascending;
 * "op_sweep": [{"threads": N, "op_ps": T}, ...], N strictly ascending. */
static int parse_curves(const oli_json_t *root, oli_machine_t *m, char *why, size_t n) {
  static const points_t hits = {"cache_gathers", OLI_MACHINE_MAX_HITS, "bytes", "a byte count above 0",
                                UINT64_MAX, "gather_ps", "a time in ps (1-1000000000)", 1000000000, 1};
  static const points_t ops = {"op_sweep", OLI_MACHINE_MAX_SWEEP, "threads", "a thread count 1-65536",
                               65536, "op_ps", "a time in ps (1-1000000000)", 1000000000, 1};
  uint64_t pt[OLI_MACHINE_MAX_SWEEP > OLI_MACHINE_MAX_HITS ? OLI_MACHINE_MAX_SWEEP : OLI_MACHINE_MAX_HITS][2];
  if (parse_points(oli_json_get(root, "cache_gathers"), &hits, pt, &m->nhits, why, n) != 0) return -1;
  for (uint32_t k = 0; k < m->nhits; k++) m->hits[k].bytes = pt[k][0], m->hits[k].gather_ps = pt[k][1];
  if (parse_points(oli_json_get(root, "op_sweep"), &ops, pt, &m->nops, why, n) != 0) return -1;
  for (uint32_t k = 0; k < m->nops; k++) m->ops[k].threads = (uint32_t)pt[k][0], m->ops[k].op_ps = pt[k][1];
  return 0;
}

static int parse_row(const oli_json_t *r, size_t i, oli_machine_row_t *row, char *why, size_t n) {
  char where[40];
  snprintf(where, sizeof where, "measurements[%zu]", i);
  if (r->type != OLI_JSON_OBJECT) return fail(why, n, r, "%s is not an object", where);
  uint64_t from, to, bw, threads, idle, loaded, gather, gather_ps;
  if (member_u64(r, "from", where, 0, OLI_MACHINE_MAX_NODE, 1, 0, "a node number 0-63", &from, why, n) ||
      member_u64(r, "to", where, 0, OLI_MACHINE_MAX_NODE, 1, 0, "a node number 0-63", &to, why, n) ||
      member_u64(r, "read_bandwidth", where, 1, UINT32_MAX, 1, 0, "a whole number of MB/s above 0", &bw, why,
                 n) ||
      member_u64(r, "threads", where, 1, 65536, 0, 0, "a thread count 1-65536", &threads, why, n) ||
      member_u64(r, "idle_latency", where, 1, 1000000, 0, 0, "a latency in ns (1-1000000) or null", &idle,
                 why, n) ||
      member_u64(r, "loaded_latency", where, 1, 1000000, 0, 0, "a latency in ns (1-1000000) or null",
                 &loaded, why, n) ||
      member_u64(r, "gather_ns", where, 1, 1000000, 0, 0, "a time in ns (1-1000000) or null", &gather, why, n) ||
      member_u64(r, "gather_ps", where, 1, 1000000000, 0, 0, "a time in ps (1-1000000000) or null", &gather_ps, why,
                 n))
    return -1;
  memset(row, 0, sizeof *row);
  row->from = (int)from;
  row->to = (int)to;
  row->read_bw = bw;
  row->threads = (uint32_t)threads;
  row->idle_lat = (uint32_t)idle;
  row->loaded_lat = (uint32_t)loaded;
  row->gather_ns = (uint32_t)gather;
  row->gather_ps = (uint32_t)gather_ps;
  const oli_json_t *kv = oli_json_get(r, "kind");
  if (kv && kv->type != OLI_JSON_NULL) {
    const char *k = oli_json_str(kv);
    const char *dram = oli_node_kind_name(OLI_NODE_DRAM), *cxl = oli_node_kind_name(OLI_NODE_CXL);
    if (k == NULL || (strcmp(k, dram) != 0 && strcmp(k, cxl) != 0))
      return fail(why, n, kv, "%s.kind is not \"%s\" or \"%s\"", where, dram, cxl);
    snprintf(row->kind, sizeof row->kind, "%s", k);
  }
  char name[64];
  snprintf(name, sizeof name, "%s.sweep", where);
  points_t sweep = {name, OLI_MACHINE_MAX_SWEEP, "threads", "a thread count 1-65536", 65536,
                    "read_bandwidth", "a whole number of MB/s above 0", UINT32_MAX, 0};
  uint64_t pt[OLI_MACHINE_MAX_SWEEP][2];
  if (parse_points(oli_json_get(r, "sweep"), &sweep, pt, &row->nsweep, why, n) != 0) return -1;
  for (uint32_t k = 0; k < row->nsweep; k++) row->sweep[k].threads = (uint32_t)pt[k][0], row->sweep[k].read_bw = pt[k][1];
  snprintf(name, sizeof name, "%s.triad_sweep", where);
  points_t triad = {name, OLI_MACHINE_MAX_SWEEP, "threads", "a thread count 1-65536", 65536,
                    "triad_bandwidth", "a whole number of MB/s above 0", UINT32_MAX, 1};
  if (parse_points(oli_json_get(r, "triad_sweep"), &triad, pt, &row->ntriad, why, n) != 0) return -1;
  for (uint32_t k = 0; k < row->ntriad; k++) row->triad[k].threads = (uint32_t)pt[k][0], row->triad[k].triad_bw = pt[k][1];
  return 0;
}

int oli_machine_parse(const char *text, size_t len, const oli_json_limits_t *limits, oli_machine_t *m,
                      char *why, size_t why_n) {
  oli_json_limits_t lim = {OLI_MACHINE_MAX_BYTES, 16, NULL, NULL};
  if (limits) {
    lim.alloc = limits->alloc;
    lim.release = limits->release;
  }
  oli_json_error_t err;
  oli_json_doc_t *doc = oli_json_parse(text, len, &lim, &err);
  if (doc == NULL) return fail(why, why_n, NULL, "%s", err.msg);
  int rc = -1;
  const oli_json_t *root = oli_json_root(doc);
  const oli_json_t *sv = oli_json_get(root, "schema"), *vv = oli_json_get(root, "version");
  const char *schema = oli_json_str(sv);
  uint64_t version;
  memset(m, 0, offsetof(oli_machine_t, rows));
  if (root->type != OLI_JSON_OBJECT || schema == NULL) {
    fail(why, why_n, root, "not an oli-machine document (no \"schema\"); write one with oli calibrate");
    goto out;
  }
  if (strcmp(schema, OLI_MACHINE_SCHEMA) != 0) {
    char lit[64]; /* escaped: an outside string never breaks the one-line message */
    if (oli_json_escape(lit, sizeof lit, schema) >= sizeof lit) memcpy(lit + sizeof lit - 5, "...\"", 5);
    fail(why, why_n, sv, "schema %s is not accepted here (expected oli-machine)", lit);
    goto out;
  }
  if (vv == NULL || oli_json_u64(vv, &version) != 0 || version != OLI_MACHINE_VERSION) {
    double d = -1;
    oli_json_double(vv, &d);
    if (vv == NULL || vv->type != OLI_JSON_NUMBER) fail(why, why_n, vv ? vv : root, "\"version\" is missing or not a number");
    else fail(why, why_n, vv, "oli-machine version %g is not supported (this oli reads version 1)", d);
    goto out;
  }
  /* informational members: not used, but a wrong type is a damaged file */
  static const char *const info[] = {"host", "tool"};
  for (size_t i = 0; i < sizeof info / sizeof info[0]; i++) {
    const oli_json_t *iv = oli_json_get(root, info[i]);
    if (iv && iv->type != OLI_JSON_NULL && iv->type != OLI_JSON_STRING) {
      fail(why, why_n, iv, "document.%s is not a string", info[i]);
      goto out;
    }
  }
  const char *host = oli_json_str(oli_json_get(root, "host"));
  for (size_t i = 0; host && host[i] && i + 1 < sizeof m->host; i++) /* printed in logs: printable ASCII only */
    m->host[i] = host[i] >= 0x20 && host[i] < 0x7f ? host[i] : '?';
  if (member_u64(root, "buffer_bytes", "document", 1, UINT64_MAX, 0, 0, "a byte count", &m->buffer_bytes, why,
                 why_n) ||
      member_u64(root, "cache_bytes", "document", 1, UINT64_MAX, 0, 0, "a byte count", &m->cache_bytes, why,
                 why_n) ||
      member_u64(root, "cache_gather_ps", "document", 1, 1000000000, 0, 0, "a time in ps (1-1000000000)",
                 &m->cache_gather_ps, why, why_n) ||
      member_u64(root, "cache_read_bandwidth", "document", 1, UINT32_MAX, 0, 0, "a bandwidth in MB/s above 0",
                 &m->cache_read_bw, why, why_n) ||
      member_u64(root, "cache_chase_ps", "document", 1, 1000000000, 0, 0, "a time in ps (1-1000000000)",
                 &m->cache_chase_ps, why, why_n) ||
      member_u64(root, "miss_window", "document", 1, 1000000, 0, 0, "a count of operations (1-1000000)",
                 &m->miss_window, why, why_n) ||
      member_u64(root, "op_ps", "document", 1, 1000000000, 0, 0, "a time in ps (1-1000000000)", &m->op_ps, why,
                 why_n))
    goto out;
  if (parse_curves(root, m, why, why_n) != 0) goto out;
  const oli_json_t *rows = oli_json_get(root, "measurements");
  if (rows == NULL || rows->type != OLI_JSON_ARRAY || oli_json_count(rows) == 0) {
    fail(why, why_n, rows ? rows : root, "\"measurements\" is missing, empty or not an array");
    goto out;
  }
  if (oli_json_count(rows) > OLI_MACHINE_MAX_ROWS) {
    fail(why, why_n, rows, "more than %d measurements", OLI_MACHINE_MAX_ROWS);
    goto out;
  }
  for (const oli_json_t *r = oli_json_first(rows); r; r = r->next) {
    oli_machine_row_t *row = &m->rows[m->n];
    if (parse_row(r, m->n, row, why, why_n) != 0) goto out;
    if (oli_machine_find(m, row->from, row->to)) {
      fail(why, why_n, r, "measurements[%zu] measures node %d from node %d again", m->n, row->to, row->from);
      goto out;
    }
    m->n++;
  }
  rc = 0;
out:
  oli_json_free(doc);
  return rc;
}

int oli_machine_load(const char *path, const oli_json_limits_t *limits, oli_machine_t *m, char *why,
                     size_t why_n) {
  void *(*alloc)(size_t) = limits && limits->alloc ? limits->alloc : malloc;
  void (*release)(void *) = limits && limits->release ? limits->release : free;
  long long fsize = 0;
  char open_why[160];
  int fd = oli_infile_open(path, &fsize, open_why, sizeof open_why); /* a FIFO: refused, no hang */
  if (fd < 0) return fail(why, why_n, NULL, "%s", open_why);
  if (fsize > OLI_MACHINE_MAX_BYTES) {
    close(fd);
    return fail(why, why_n, NULL, "larger than %u bytes: not a machine file", OLI_MACHINE_MAX_BYTES);
  }
  size_t len = (size_t)fsize, got = 0;
  char *text = alloc(len ? len : 1);
  if (text == NULL) {
    close(fd);
    return fail(why, why_n, NULL, "out of memory");
  }
  while (got < len) {
    ssize_t r = read(fd, text + got, len - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  int rc = got == len ? oli_machine_parse(text, len, limits, m, why, why_n)
                      : fail(why, why_n, NULL, "read error: %s", strerror(errno));
  release(text);
  return rc;
}

const oli_machine_row_t *oli_machine_find(const oli_machine_t *m, int from, int to) {
  for (size_t i = 0; i < m->n; i++)
    if (m->rows[i].from == from && m->rows[i].to == to) return &m->rows[i];
  return NULL;
}

double oli_machine_bw_at(const oli_machine_row_t *r, double threads) {
  /* the points, ascending by threads; without a sweep the one best figure */
  struct { double t, bw; } p[OLI_MACHINE_MAX_SWEEP + 1];
  uint32_t n = 0;
  bool triad = r->ntriad > 0; /* several arrays read and written: a program's streams */
  for (uint32_t k = 0; k < (triad ? r->ntriad : r->nsweep); k++) {
    uint32_t j = n++, t = triad ? r->triad[k].threads : r->sweep[k].threads;
    while (j > 0 && p[j - 1].t > t) p[j] = p[j - 1], j--;
    p[j].t = t, p[j].bw = (double)(triad ? r->triad[k].triad_bw : r->sweep[k].read_bw);
  }
  if (n == 0) p[n].t = r->threads ? r->threads : 1, p[n++].bw = (double)r->read_bw;
  if (threads <= p[0].t) return p[0].bw * threads / p[0].t; /* below the first point: each thread its share */
  for (uint32_t k = 1; k < n; k++)
    if (threads <= p[k].t) return p[k - 1].bw + (p[k].bw - p[k - 1].bw) * (threads - p[k - 1].t) / (p[k].t - p[k - 1].t);
  double best = 0; /* beyond the sweep: saturated at the best measured */
  for (uint32_t k = 0; k < n; k++)
    if (p[k].bw > best) best = p[k].bw;
  return best;
}

double oli_machine_op_ps_at(const oli_machine_t *m, double threads) {
  if (m->nops == 0 || threads <= m->ops[0].threads) return m->nops ? (double)m->ops[0].op_ps : (double)m->op_ps;
  for (uint32_t k = 1; k < m->nops; k++)
    if (threads <= m->ops[k].threads)
      return (double)m->ops[k - 1].op_ps + ((double)m->ops[k].op_ps - (double)m->ops[k - 1].op_ps) *
                                               (threads - m->ops[k - 1].threads) / (m->ops[k].threads - m->ops[k - 1].threads);
  return (double)m->ops[m->nops - 1].op_ps; /* beyond the sweep: the most threads measured */
}

static void latency(FILE *f, const char *key, uint32_t v) {
  if (v) fprintf(f, ", \"%s\": %" PRIu32, key, v);
  else fprintf(f, ", \"%s\": null", key);
}

/* An array member of n points {kkey: pt[k][0], vkey: pt[k][1]} after
 * `lead` (",\n  " for the document's, ",\n     " for a row's): what
 * parse_points reads. Nothing when n is 0. */
static void write_points(FILE *f, const char *lead, const char *name, const char *kkey, const char *vkey,
                         uint64_t (*pt)[2], uint32_t n) {
  if (n == 0) return;
  fprintf(f, "%s\"%s\": [", lead, name);
  for (uint32_t k = 0; k < n; k++)
    fprintf(f, "%s{\"%s\": %" PRIu64 ", \"%s\": %" PRIu64 "}", k ? ", " : "", kkey, pt[k][0], vkey, pt[k][1]);
  fprintf(f, "]");
}

int oli_machine_write(FILE *f, const oli_machine_t *m, const char *tool) {
  fprintf(f, "{\n  \"schema\": \"%s\",\n  \"version\": %d,\n  \"host\": ", OLI_MACHINE_SCHEMA, OLI_MACHINE_VERSION);
  oli_json_write_string(f, m->host);
  fprintf(f, ",\n  \"tool\": ");
  oli_json_write_string(f, tool ? tool : "");
  if (m->buffer_bytes) fprintf(f, ",\n  \"buffer_bytes\": %" PRIu64, m->buffer_bytes);
  if (m->cache_bytes) fprintf(f, ",\n  \"cache_bytes\": %" PRIu64, m->cache_bytes);
  if (m->cache_gather_ps) fprintf(f, ",\n  \"cache_gather_ps\": %" PRIu64, m->cache_gather_ps);
  if (m->cache_read_bw) fprintf(f, ",\n  \"cache_read_bandwidth\": %" PRIu64, m->cache_read_bw);
  if (m->cache_chase_ps) fprintf(f, ",\n  \"cache_chase_ps\": %" PRIu64, m->cache_chase_ps);
  if (m->miss_window) fprintf(f, ",\n  \"miss_window\": %" PRIu64, m->miss_window);
  if (m->op_ps) fprintf(f, ",\n  \"op_ps\": %" PRIu64, m->op_ps);
  uint64_t pt[OLI_MACHINE_MAX_SWEEP > OLI_MACHINE_MAX_HITS ? OLI_MACHINE_MAX_SWEEP : OLI_MACHINE_MAX_HITS][2];
  for (uint32_t k = 0; k < m->nops; k++) pt[k][0] = m->ops[k].threads, pt[k][1] = m->ops[k].op_ps;
  write_points(f, ",\n  ", "op_sweep", "threads", "op_ps", pt, m->nops);
  for (uint32_t k = 0; k < m->nhits; k++) pt[k][0] = m->hits[k].bytes, pt[k][1] = m->hits[k].gather_ps;
  write_points(f, ",\n  ", "cache_gathers", "bytes", "gather_ps", pt, m->nhits);
  fprintf(f, ",\n  \"measurements\": [");
  for (size_t i = 0; i < m->n; i++) {
    const oli_machine_row_t *r = &m->rows[i];
    fprintf(f, "%s\n    {\"from\": %d, \"to\": %d", i ? "," : "", r->from, r->to);
    if (r->kind[0]) fprintf(f, ", \"kind\": \"%s\"", r->kind);
    fprintf(f, ", \"read_bandwidth\": %" PRIu64, r->read_bw);
    if (r->threads) fprintf(f, ", \"threads\": %" PRIu32, r->threads);
    latency(f, "idle_latency", r->idle_lat);
    latency(f, "loaded_latency", r->loaded_lat);
    if (r->gather_ns) fprintf(f, ", \"gather_ns\": %" PRIu32, r->gather_ns);
    if (r->gather_ps) fprintf(f, ", \"gather_ps\": %" PRIu32, r->gather_ps);
    for (uint32_t k = 0; k < r->nsweep; k++) pt[k][0] = r->sweep[k].threads, pt[k][1] = r->sweep[k].read_bw;
    write_points(f, ",\n     ", "sweep", "threads", "read_bandwidth", pt, r->nsweep);
    for (uint32_t k = 0; k < r->ntriad; k++) pt[k][0] = r->triad[k].threads, pt[k][1] = r->triad[k].triad_bw;
    write_points(f, ",\n     ", "triad_sweep", "threads", "triad_bandwidth", pt, r->ntriad);
    fprintf(f, "}");
  }
  fprintf(f, "%s]\n}\n", m->n ? "\n  " : "");
  return ferror(f) ? -1 : 0;
}
