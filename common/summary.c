/* common/summary.c - the one reader, writer and join of access summaries
 * (summary.h). No malloc: the runtime joins inside its start-up. */
#include "summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_KEYS 64  /* keys one site's object may reach (at most 64: a bit each in the join's edge masks) */
#define MAX_DEPTH 6  /* key -> key edges followed */
#define MAX_CALL_WALK 4096 /* root functions visited while counting calls, per site */
#define NOMINAL_BYTES (1u << 20)

static void put16(unsigned char *p, uint16_t v) { memcpy(p, &v, 2); }
static void put32f(unsigned char *p, float v) { memcpy(p, &v, 4); }
static void put64(unsigned char *p, uint64_t v) { memcpy(p, &v, 8); }

/* Version 2's part, after the strings at a 4-byte boundary: flags, pad,
 * symbols' length (u16), 3 x 4 + 4 floats (per byte, execs, rest; passes per
 * byte, moved, rest moved, bytes), the symbols and their NUL. */
#define SAMPLE_FIXED (4 + 4 * (3 * OLI_SUMMARY_PATTERNS + 4))
#define SAMPLE_F(i) (4 + 4 * (i)) /* float i of the part */

size_t oli_summary_write(const oli_summary_t *s, const uint64_t *locals, unsigned char *buf, size_t cap) {
  size_t kl = strlen(s->key), fl = s->from_key ? strlen(s->from_key) : 0;
  size_t yl = s->has_sample && s->syms ? strlen(s->syms) : 0;
  if (kl > 0xffff || fl > 0xffff || yl > 0xffff) return 0;
  size_t tail = OLI_SUMMARY_HEADER_SIZE + (size_t)s->n_local * 8 + kl + 1 + fl + 1;
  size_t need = s->has_sample ? ((tail + 3) & ~(size_t)3) + SAMPLE_FIXED + yl + 1 : tail;
  need = (need + 7) & ~(size_t)7;
  if (need > 0xffff || need > cap) return 0;
  memset(buf, 0, need);
  uint32_t magic = OLI_SUMMARY_MAGIC;
  memcpy(buf, &magic, 4);
  put16(buf + 4, (uint16_t)need);
  buf[6] = OLI_SUMMARY_VERSION;
  buf[7] = s->what;
  put64(buf + 8, s->from_site);
  put32f(buf + 16, s->weight);
  buf[20] = s->flags;
  put16(buf + 22, s->accesses);
  put16(buf + 24, (uint16_t)kl);
  put16(buf + 26, (uint16_t)fl);
  put16(buf + 28, s->n_local);
  for (int p = 0; p < OLI_SUMMARY_PATTERNS; p++) {
    put32f(buf + 32 + 4 * p, s->per_byte[p]);
    put32f(buf + 48 + 4 * p, s->execs[p]);
  }
  if (s->what == OLI_SUMMARY_EDGE) put32f(buf + 32, s->sweeps > 0 ? s->sweeps : s->weight);
  put32f(buf + 64, s->passes_per_byte);
  put32f(buf + 68, s->moved);
  unsigned char *q = buf + OLI_SUMMARY_HEADER_SIZE;
  for (unsigned i = 0; i < s->n_local; i++, q += 8) put64(q, locals[i]);
  memcpy(q, s->key, kl);
  if (fl) memcpy(q + kl + 1, s->from_key, fl);
  if (s->has_sample) {
    unsigned char *x = buf + ((tail + 3) & ~(size_t)3);
    x[0] = s->sample_flags;
    put16(x + 2, (uint16_t)yl);
    for (int p = 0; p < OLI_SUMMARY_PATTERNS; p++) {
      put32f(x + SAMPLE_F(p), s->sample_per_byte[p]);
      put32f(x + SAMPLE_F(OLI_SUMMARY_PATTERNS + p), s->sample_execs[p]);
      put32f(x + SAMPLE_F(2 * OLI_SUMMARY_PATTERNS + p), s->sample_rest[p]);
    }
    put32f(x + SAMPLE_F(3 * OLI_SUMMARY_PATTERNS), s->sample_passes_per_byte);
    put32f(x + SAMPLE_F(3 * OLI_SUMMARY_PATTERNS + 1), s->sample_moved);
    put32f(x + SAMPLE_F(3 * OLI_SUMMARY_PATTERNS + 2), s->sample_rest_moved);
    put32f(x + SAMPLE_F(3 * OLI_SUMMARY_PATTERNS + 3), s->sample_bytes);
    if (yl) memcpy(x + SAMPLE_FIXED, s->syms, yl);
  }
  return need;
}

#define BAD(...)                                                  \
  do {                                                            \
    if (why && why_n) snprintf(why, why_n, __VA_ARGS__);          \
    return -1;                                                    \
  } while (0)

static uint16_t get16(const unsigned char *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static float get32f(const unsigned char *p) { float v; memcpy(&v, p, 4); return v; }

int oli_summary_decode(const void *rec, size_t left, size_t offset, oli_summary_t *out, char *why, size_t why_n) {
  static const unsigned char zero8[8];
  const unsigned char *p = rec;
  if (left >= 8 && memcmp(p, zero8, 8) == 0) return 0;
  uint32_t magic = 0;
  if (left < 8) BAD("summary at offset %zu: %zu stray bytes at the end of the section", offset, left);
  memcpy(&magic, p, 4);
  if (magic != OLI_SUMMARY_MAGIC)
    BAD("summary at offset %zu: bad magic 0x%08x (want 0x%08x)", offset, magic, OLI_SUMMARY_MAGIC);
  if (left < OLI_SUMMARY_HEADER_SIZE)
    BAD("summary at offset %zu: truncated header (%zu of %d bytes)", offset, left, OLI_SUMMARY_HEADER_SIZE);
  memset(out, 0, sizeof *out);
  out->size = get16(p + 4);
  out->version = p[6];
  out->what = p[7];
  if (out->size < OLI_SUMMARY_HEADER_SIZE || out->size % 8 || out->size > left)
    BAD("summary at offset %zu: bad size %u (a multiple of 8, >= %d, within the %zu bytes left)", offset, out->size,
        OLI_SUMMARY_HEADER_SIZE, left);
  if (out->version < 1) BAD("summary at offset %zu: version %u (want >= 1)", offset, out->version);
  if (out->what != OLI_SUMMARY_USE && out->what != OLI_SUMMARY_EDGE)
    BAD("summary at offset %zu: unknown record kind %u (want 1 use, 2 edge)", offset, out->what);
  memcpy(&out->from_site, p + 8, 8);
  out->weight = get32f(p + 16);
  out->flags = p[20];
  out->accesses = get16(p + 22);
  uint16_t kl = get16(p + 24), fl = get16(p + 26);
  out->n_local = get16(p + 28);
  for (int i = 0; i < OLI_SUMMARY_PATTERNS; i++) {
    out->per_byte[i] = get32f(p + 32 + 4 * i);
    out->execs[i] = get32f(p + 48 + 4 * i);
  }
  out->passes_per_byte = get32f(p + 64);
  out->moved = get32f(p + 68);
  if (out->what == OLI_SUMMARY_EDGE) { /* version 3's sweeps in the first per-byte slot */
    out->sweeps = out->version >= 3 && out->per_byte[0] > 0 ? out->per_byte[0] : out->weight;
    out->per_byte[0] = 0;
  }
  size_t need = OLI_SUMMARY_HEADER_SIZE + (size_t)out->n_local * 8 + kl + 1u + fl + 1u;
  if (need > out->size)
    BAD("summary at offset %zu: %u site IDs and strings of %u+%u bytes do not fit its size %u", offset, out->n_local,
        kl, fl, out->size);
  const char *s = (const char *)p + OLI_SUMMARY_HEADER_SIZE + (size_t)out->n_local * 8;
  if (kl == 0 || s[kl] != '\0' || s[kl + 1 + fl] != '\0' || memchr(s, '\0', kl) || memchr(s + kl + 1, '\0', fl))
    BAD("summary at offset %zu: a key is empty or not NUL-terminated at its length", offset);
  out->local = p + OLI_SUMMARY_HEADER_SIZE;
  out->key = s;
  out->from_key = s + kl + 1;
  out->syms = "";
  size_t tail = ((need + 3) & ~(size_t)3);
  if (out->version >= 2 && tail + SAMPLE_FIXED + 1 <= out->size) {
    const unsigned char *x = p + tail;
    uint16_t yl = get16(x + 2);
    if (tail + SAMPLE_FIXED + yl + 1u > out->size || x[SAMPLE_FIXED + yl] != '\0' ||
        memchr(x + SAMPLE_FIXED, '\0', yl))
      BAD("summary at offset %zu: key %.64s: sample symbols of %u bytes do not fit its size %u", offset, out->key, yl,
          out->size);
    out->has_sample = 1;
    out->sample_flags = x[0];
    for (int i = 0; i < OLI_SUMMARY_PATTERNS; i++) {
      out->sample_per_byte[i] = get32f(x + SAMPLE_F(i));
      out->sample_execs[i] = get32f(x + SAMPLE_F(OLI_SUMMARY_PATTERNS + i));
      out->sample_rest[i] = get32f(x + SAMPLE_F(2 * OLI_SUMMARY_PATTERNS + i));
      if (!isfinite(out->sample_per_byte[i]) || !isfinite(out->sample_execs[i]) || !isfinite(out->sample_rest[i]) ||
          out->sample_per_byte[i] < 0 || out->sample_execs[i] < 0 || out->sample_rest[i] < 0)
        BAD("summary at offset %zu: key %.64s: a negative or non-finite sample count", offset, out->key);
    }
    out->sample_passes_per_byte = get32f(x + SAMPLE_F(3 * OLI_SUMMARY_PATTERNS));
    out->sample_moved = get32f(x + SAMPLE_F(3 * OLI_SUMMARY_PATTERNS + 1));
    out->sample_rest_moved = get32f(x + SAMPLE_F(3 * OLI_SUMMARY_PATTERNS + 2));
    out->sample_bytes = get32f(x + SAMPLE_F(3 * OLI_SUMMARY_PATTERNS + 3));
    if (!isfinite(out->sample_passes_per_byte) || !isfinite(out->sample_moved) || !isfinite(out->sample_bytes) ||
        !isfinite(out->sample_rest_moved) || out->sample_bytes < 0)
      BAD("summary at offset %zu: key %.64s: a negative or non-finite sample count", offset, out->key);
    out->syms = (const char *)x + SAMPLE_FIXED;
  }
  for (int i = 0; i < OLI_SUMMARY_PATTERNS; i++)
    if (!isfinite(out->per_byte[i]) || !isfinite(out->execs[i]) || out->per_byte[i] < 0 || out->execs[i] < 0)
      BAD("summary at offset %zu: key %.64s: a negative or non-finite count", offset, out->key);
  if (!isfinite(out->weight) || out->weight < 0 || !isfinite(out->sweeps) || out->sweeps < 0 ||
      !isfinite(out->passes_per_byte) || !isfinite(out->moved))
    BAD("summary at offset %zu: key %.64s: a negative or non-finite weight", offset, out->key);
  return 1;
}

/* The next record of the buffers after position (*b, *at): 1, or 0 at the
 * end. A malformed record ends its buffer (registered sections were checked). */
typedef struct cursor_s {
  size_t b, at;
} cursor_t;
static int next(const oli_summary_buf_t *bufs, size_t nbufs, cursor_t *c, oli_summary_t *s) {
  while (c->b < nbufs) {
    const oli_summary_buf_t *B = &bufs[c->b];
    if (c->at + 8 > B->len) {
      c->b++, c->at = 0;
      continue;
    }
    int rc = oli_summary_decode(B->start + c->at, B->len - c->at, c->at, s, NULL, 0);
    if (rc < 0) {
      c->b++, c->at = 0;
      continue;
    }
    c->at += rc == 0 ? 8 : s->size;
    if (rc > 0) return 1;
  }
  return 0;
}
#define EACH(bufs, nbufs, s) for (cursor_t c_ = {0, 0}; next((bufs), (nbufs), &c_, &(s));)

int oli_summary_check(const void *start, const void *stop, char *why, size_t why_n) {
  const unsigned char *p = start;
  size_t len = start && stop && stop > start ? (size_t)((const unsigned char *)stop - p) : 0;
  oli_summary_t s;
  for (size_t at = 0; at < len;) {
    int rc = oli_summary_decode(p + at, len - at, at, &s, why, why_n);
    if (rc < 0) return -1;
    at += rc == 0 ? 8 : s.size;
  }
  return 0;
}

#define RENAMED_MAX 128 /* a renamed symbol list's bytes */

/* True when every name of the comma-separated list `a` is in list `b`. */
static int subset(const char *a, const char *b) {
  while (*a) {
    size_t n = strcspn(a, ",");
    int found = 0;
    for (const char *q = b; *q && !found;) {
      size_t m = strcspn(q, ",");
      found = m == n && memcmp(q, a, n) == 0;
      q += m + (q[m] == ',');
    }
    if (!found) return 0;
    a += n + (a[n] == ',');
  }
  return 1;
}

int64_t oli_summary_sample_of(const char *name, size_t len) {
  /* a parameter ("fn#3", a scalar by reference "fn#3+0"): ParamSample */
  const char *hash = NULL;
  for (size_t i = len; i > 0; i--)
    if (name[i - 1] == '#') {
      hash = name + i - 1;
      break;
    }
  if (hash && hash != name && name[0] != '%' && name[0] != '@') {
    const char *num = hash + 1, *end = name + len;
    size_t n = 0;
    while (num + n < end && num[n] >= '0' && num[n] <= '9') n++;
    if (n > 0 && (num + n == end || (end - (num + n) == 2 && num[n] == '+' && num[n + 1] == '0')))
      return OLI_SUMMARY_PARAM_SAMPLE;
  }
  uint64_t h = 14695981039346656037ull; /* FNV-1a */
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)name[i]) * 1099511628211ull;
  return 1031 + 8 * (int64_t)(h % 256); /* 7 modulo 8: unrolled and vector loops leave a remainder */
}

/* syms with each name a rename "to=from" list maps from replaced by to,
 * into out: 1, or 0 when it does not fit; *scale times to's sample value
 * over from's for each (a parameter for a parameter: 1; a parameter for a
 * field, whose sample values differ: the size at the callee's point) */
static int rename_syms(const char *syms, const char *renames, char *out, size_t cap, double *scale) {
  size_t len = 0;
  out[0] = 0;
  while (*syms) {
    size_t n = strcspn(syms, ",");
    const char *name = syms, *to = NULL;
    size_t tn = 0;
    for (const char *q = renames; *q && !to;) {
      size_t m = strcspn(q, ","), eq = strcspn(q, "=");
      if (eq < m && m - eq - 1 == n && memcmp(q + eq + 1, syms, n) == 0) to = q, tn = eq;
      q += m + (q[m] == ',');
    }
    if (to) {
      *scale *= (double)oli_summary_sample_of(to, tn) / (double)oli_summary_sample_of(syms, n);
      name = to, n = tn;
    }
    if (len + n + 2 > cap) return 0;
    if (len) out[len++] = ',';
    memcpy(out + len, name, n);
    out[len += n] = 0;
    syms += (size_t)strcspn(syms, ",");
    syms += *syms == ',';
  }
  return 1;
}

static int lists(const oli_summary_t *s, uint64_t id) {
  for (unsigned i = 0; i < s->n_local; i++) {
    uint64_t v;
    memcpy(&v, s->local + 8 * i, 8);
    if (v == id) return 1;
  }
  return 0;
}

/* The distinct functions an edge from the pointer-call key `key` ("*<type>",
 * version 6) leads to: those whose address the program takes (at least 1). */
static double candidates(const oli_summary_buf_t *bufs, size_t nbufs, const char *key) {
  char seen[32][RENAMED_MAX]; /* copies: a decoded record's strings last until the next */
  unsigned n = 0;
  oli_summary_t s;
  EACH(bufs, nbufs, s) {
    if (s.what != OLI_SUMMARY_EDGE || s.from_site || strcmp(s.from_key, key) != 0) continue;
    unsigned k = 0;
    while (k < n && strncmp(seen[k], s.key, RENAMED_MAX - 1) != 0) k++;
    if (k == n && n < 32) snprintf(seen[n++], RENAMED_MAX, "%s", s.key);
  }
  return n ? (double)n : 1.0;
}

static double calls(const oli_summary_buf_t *bufs, size_t nbufs, const char *fn, unsigned depth, unsigned *budget,
                    int *guessed);

/* Calls per run of each function calls through a pointer of type `key`
 * ("*<type>") may reach: those a loop walking a table of them makes (each
 * function once per entry of the loop, OLI_SUMMARY_F_EACH), and the others
 * shared among the functions of that type whose address the program takes. */
static double pointer_calls(const oli_summary_buf_t *bufs, size_t nbufs, const char *key, unsigned depth,
                            unsigned *budget, int *guessed) {
  double each = 0, shared = 0;
  oli_summary_t s;
  EACH(bufs, nbufs, s) {
    if (s.what != OLI_SUMMARY_EDGE || s.from_site || strcmp(s.key, key) != 0 || (s.flags & OLI_SUMMARY_F_ARGS))
      continue;
    double c = calls(bufs, nbufs, s.from_key, depth + 1, budget, guessed) * (double)s.weight;
    if (s.flags & OLI_SUMMARY_F_EACH) each += c;
    else shared += c;
  }
  return each + shared / candidates(bufs, nbufs, key);
}

/* Calls per run of root function `fn` ("name()"; "" and "main()": 1): the
 * sum over the call edges into it of the caller root's calls times the
 * edge's weight; 1 when no module calls it (a callback, a library's entry).
 * *guessed set when an edge the sum takes rests on a guessed trip count (a
 * time loop over an input's step count). */
static double calls(const oli_summary_buf_t *bufs, size_t nbufs, const char *fn, unsigned depth, unsigned *budget,
                    int *guessed) {
  if (!fn[0] || strcmp(fn, "main()") == 0 || depth >= MAX_DEPTH || *budget == 0) return 1.0;
  (*budget)--; /* a crafted file's many edges cannot make the join run for ever */
  double sum = 0;
  int any = 0;
  oli_summary_t s;
  EACH(bufs, nbufs, s) {
    if (s.what != OLI_SUMMARY_EDGE || s.from_site || strcmp(s.key, fn) != 0 || strcmp(s.from_key, fn) == 0 ||
        (s.flags & OLI_SUMMARY_F_ARGS))
      continue;
    if (s.from_key[0] == '*') { /* one of the functions calls through a pointer may reach */
      double p = pointer_calls(bufs, nbufs, s.from_key, depth + 1, budget, guessed) * (double)s.weight;
      if (p > 0) any = 1, *guessed = 1, sum += p; /* none: called by code without summaries (qsort's) */
      continue;
    }
    any = 1;
    if ((s.flags & OLI_SUMMARY_F_GUESSED) && s.weight > 0) *guessed = 1;
    sum += calls(bufs, nbufs, s.from_key, depth + 1, budget, guessed) * (double)s.weight;
  }
  if (!any) *guessed = 1; /* called through a pointer, or by code without summaries: how often is a guess */
  return any ? sum : 1.0;
}

/* e's intensity split by pattern into by[] (added), the rest unknown; returns it. */
static double by_pattern(const __oli_site_static_t *e, double by[OLI_SUMMARY_PATTERNS]) {
  double total = e->intensity, rest = total;
  for (int p = 0; p < 3; p++) {
    double v = total * e->share[p] / 100.0;
    by[p] += v, rest -= v;
  }
  by[3] += rest > 0 ? rest : 0;
  return total;
}

/* out's shares of total from by[], and its pattern: the largest (none when all are 0). */
static void set_shares(__oli_site_static_t *out, const double by[OLI_SUMMARY_PATTERNS], double total) {
  double best = 0;
  out->pattern = OLI_PATTERN_NONE;
  for (int p = 0; p < OLI_SUMMARY_PATTERNS; p++) {
    if (p < 3) out->share[p] = total > 0 ? (uint8_t)(100.0 * by[p] / total + 0.5) : 0;
    if (by[p] > best) best = by[p], out->pattern = (uint8_t)(p + 1);
  }
}

/* A site sized by another file's wrapper (its private key "~W#j#k=v@id":
 * integer arguments j and k, k the constant v): the constant its
 * hypothesis's sizes (the product of those arguments) are multiplied by,
 * when W's records (EDGEs from the objects it returns as they are, to key
 * "W#r") give its size as a constant times a product of some of those
 * parameters, all alike, every argument left out a constant (divided
 * out: an alignment, a tag); *rec is one of those records. Else 0 (not
 * confirmed). */
static double wrapped_scale(const oli_summary_buf_t *bufs, size_t nbufs, const char *pkey, oli_summary_t *rec) {
  const char *w = pkey + 1, *hash = strchr(w, '#'), *at = strchr(w, '@');
  char want[RENAMED_MAX];
  size_t wl = hash && at && hash < at ? (size_t)(hash - w) : 0;
  if (wl == 0 || wl + 3 > sizeof want) return 0;
  memcpy(want, w, wl);
  memcpy(want + wl, "#r", 3);
  struct {
    unsigned long j;
    double v; /* its value when constant, else 0 */
  } args[8];
  unsigned na = 0;
  for (const char *q = hash; q < at;) { /* "#0=64#1" */
    char *end;
    if (*q != '#' || na == 8) return 0;
    args[na].j = strtoul(q + 1, &end, 10), args[na].v = 0;
    if (end == q + 1) return 0;
    if (*end == '=') args[na].v = strtod(end + 1, &end);
    na++, q = end;
  }
  double c = 0;
  oli_summary_t s;
  EACH(bufs, nbufs, s) {
    if (s.what != OLI_SUMMARY_EDGE || !s.from_site || strcmp(s.key, want) != 0) continue;
    /* its parameters ("W#1,W#2"): each an argument of the call; the
     * arguments it does not read, constants divided out */
    double ci = s.has_sample ? (double)s.sample_bytes : 0;
    unsigned used = 0, k = 0;
    for (const char *q = s.syms; *q; k++) {
      size_t n = strcspn(q, ",");
      char *end = NULL;
      unsigned long j = n > wl + 1 && strncmp(q, w, wl) == 0 && q[wl] == '#' ? strtoul(q + wl + 1, &end, 10) : ~0ul;
      unsigned a = 0;
      while (a < na && args[a].j != j) a++;
      if (a == na || end != q + n || j == ~0ul) return 0;
      used |= 1u << a;
      ci /= OLI_SUMMARY_PARAM_SAMPLE;
      q += n + (q[n] == ',');
    }
    for (unsigned a = 0; a < na; a++)
      if (!(used >> a & 1)) {
        if (args[a].v <= 0) return 0;
        ci /= args[a].v;
      }
    if (k == 0 || !(ci > 0) || (c > 0 && ci != c)) return 0;
    c = ci, *rec = s;
  }
  return c;
}

/* The value every call of parameter p's function ("fn#i", pl bytes) passes
 * for it, as the call EDGEs into "fn()" name it (version 5), into out:
 * 1; 0 when a call names none, two calls differ, or none is seen. */
static int param_value(const oli_summary_buf_t *bufs, size_t nbufs, const char *p, size_t pl, char *out, size_t cap) {
  const char *hash = memchr(p, '#', pl);
  char callee[RENAMED_MAX];
  size_t fl = hash ? (size_t)(hash - p) : 0;
  if (fl == 0 || fl + 3 > sizeof callee) return 0;
  memcpy(callee, p, fl);
  memcpy(callee + fl, "()", 3);
  int found = 0;
  oli_summary_t s;
  EACH(bufs, nbufs, s) {
    if (s.what != OLI_SUMMARY_EDGE || s.from_site || strcmp(s.key, callee) != 0) continue;
    const char *syms = s.has_sample ? s.syms : "";
    if (!syms[0] && s.weight == 0 && !(s.flags & OLI_SUMMARY_F_ARGS)) continue; /* a root calling it none */
    /* "fn#0=v,fn#1=w": an entry starts the list or follows ","; its value
     * runs to the next entry of fn */
    const char *v = NULL;
    size_t vl = 0;
    for (const char *q = syms; *q && !v; q = strchr(q, ',') ? strchr(q, ',') + 1 : q + strlen(q))
      if (strncmp(q, p, pl) == 0 && q[pl] == '=') v = q + pl + 1;
    if (!v) return 0;
    for (const char *e = v;; e++) {
      if (!*e || (*e == ',' && strncmp(e + 1, callee, fl) == 0 && e[1 + fl] == '#')) {
        vl = (size_t)(e - v);
        break;
      }
    }
    if (vl == 0 || vl + 1 > cap || (found && (strlen(out) != vl || memcmp(out, v, vl) != 0))) return 0;
    memcpy(out, v, vl), out[vl] = 0, found = 1;
  }
  return found;
}

#define PARAM_CHAIN 5      /* values followed through parameters passed on */
#define PARAM_NAME_MAX 512 /* a value's name ("%main.3:path/main.c") */

/* The values parameter p always has: itself, the value its calls pass,
 * and so on while that is a parameter of a function other modules call
 * ("solve#1", no module's own value); returns how many. */
static unsigned param_chain(const oli_summary_buf_t *bufs, size_t nbufs, const char *p, size_t pl,
                            char chain[PARAM_CHAIN][PARAM_NAME_MAX]) {
  if (pl + 1 > PARAM_NAME_MAX) return 0;
  memcpy(chain[0], p, pl), chain[0][pl] = 0;
  unsigned n = 1;
  while (n < PARAM_CHAIN) {
    const char *c = chain[n - 1];
    if (c[0] == '@' || c[0] == '%' || !strchr(c, '#') || strchr(c, ':')) break; /* no parameter */
    if (!param_value(bufs, nbufs, c, strlen(c), chain[n], PARAM_NAME_MAX)) break;
    n++;
  }
  return n;
}

/* Every name of list `a` is in list `b`, or is a parameter whose values
 * (param_chain) meet those of a parameter in `b`: a twin USE's counts over
 * `step#0` against a size in `init#0` that every call passes one n. */
static int params_subset(const oli_summary_buf_t *bufs, size_t nbufs, const char *a, const char *b) {
  char ca[PARAM_CHAIN][PARAM_NAME_MAX], cb[PARAM_CHAIN][PARAM_NAME_MAX];
  for (; *a; a += strcspn(a, ","), a += *a == ',') {
    size_t n = strcspn(a, ",");
    char one[PARAM_NAME_MAX];
    if (n == 0 || n + 1 > sizeof one) return 0;
    memcpy(one, a, n), one[n] = 0;
    if (subset(one, b)) continue;
    unsigned na = param_chain(bufs, nbufs, a, n, ca), meet = 0;
    for (const char *q = b; *q && !meet; q += strcspn(q, ","), q += *q == ',') {
      size_t m = strcspn(q, ",");
      unsigned nb = m ? param_chain(bufs, nbufs, q, m, cb) : 0;
      for (unsigned x = 0; x < na && !meet; x++)
        for (unsigned y = 0; y < nb && !meet; y++) meet = strcmp(ca[x], cb[y]) == 0;
    }
    if (!meet) return 0;
  }
  return 1;
}

/* A site's hypothesis "~=p0=p1=..@id" (version 5) holds: each parameter
 * p1.. has, at every call the program's records show, a value p0 has
 * (params_subset of "p1,.." in "p0"). */
static int params_equal(const oli_summary_buf_t *bufs, size_t nbufs, const char *pkey) {
  const char *at = strchr(pkey, '@'), *q = pkey + 2;
  size_t l0 = strcspn(q, "=@");
  char p0[PARAM_NAME_MAX], rest[PARAM_NAME_MAX];
  if (!at || l0 == 0 || l0 + 1 > sizeof p0 || q[l0] != '=' || (size_t)(at - q) - l0 > sizeof rest) return 0;
  memcpy(p0, q, l0), p0[l0] = 0;
  size_t rl = (size_t)(at - q) - l0 - 1;
  memcpy(rest, q + l0 + 1, rl), rest[rl] = 0;
  for (char *e = rest; *e; e++)
    if (*e == '=') *e = ',';
  return rest[0] && params_subset(bufs, nbufs, rest, p0);
}

/* The parameter ("fn#j") the modules that store into slot `key` store there
 * alone (OLI_SUMMARY_F_STORES, version 8), into out: 1; 0 when none, or two
 * modules name two. *guessed (when given): some module's edge is flagged
 * OLI_SUMMARY_F_GUESSED (a constant that is the program's default, v12). */
static int stored_param(const oli_summary_buf_t *bufs, size_t nbufs, const char *key, size_t kl, char *out,
                        size_t cap, int *guessed) {
  int found = 0;
  oli_summary_t s;
  EACH(bufs, nbufs, s) {
    if (s.what != OLI_SUMMARY_EDGE || !(s.flags & OLI_SUMMARY_F_STORES) || s.from_site || strlen(s.key) != kl ||
        memcmp(s.key, key, kl) != 0)
      continue;
    if (found && strcmp(out, s.from_key) != 0) return 0;
    if (strlen(s.from_key) + 1 > cap) return 0;
    snprintf(out, cap, "%s", s.from_key), found = 1;
    if (guessed && (s.flags & OLI_SUMMARY_F_GUESSED)) *guessed = 1;
  }
  return found;
}

/* The function whose result `result` names ("Mesh::size#r") returns what it
 * loads from slot `slot` (an EDGE slot -> result flagged
 * OLI_SUMMARY_F_STORES, version 9): 1; 0 otherwise. */
static int returns_slot(const oli_summary_buf_t *bufs, size_t nbufs, const char *result, const char *slot) {
  size_t rl = strlen(result);
  if (rl < 3 || strcmp(result + rl - 2, "#r") != 0) return 0;
  oli_summary_t s;
  EACH(bufs, nbufs, s) {
    if (s.what == OLI_SUMMARY_EDGE && (s.flags & OLI_SUMMARY_F_STORES) && !s.from_site &&
        strcmp(s.key, result) == 0 && strcmp(s.from_key, slot) == 0)
      return 1;
  }
  return 0;
}

/* Slot `u` (the symbol of a USE's count) holds the value of symbol `s`
 * (the size's): a function stores a parameter into that slot alone and
 * every call passes it s (`csr_build(&A, n)`, version 8); an accessor's
 * result ("size#r") returns the slot s (version 9); the module stores s
 * itself there alone (a Fortran descriptor's extent, `@b+32` given `n`,
 * version 9). */
static int holds(const oli_summary_buf_t *bufs, size_t nbufs, const char *u, size_t ul, const char *s, size_t sl) {
  char us[PARAM_NAME_MAX], ss[PARAM_NAME_MAX];
  if (ul + 1 > sizeof us || sl + 1 > sizeof ss) return 0;
  memcpy(us, u, ul), us[ul] = 0, memcpy(ss, s, sl), ss[sl] = 0;
  if (returns_slot(bufs, nbufs, us, ss)) return 1;
  char p[PARAM_NAME_MAX], chain[PARAM_CHAIN][PARAM_NAME_MAX];
  if (!stored_param(bufs, nbufs, us, ul, p, sizeof p, NULL)) return 0;
  if ((p[0] == '@' || p[0] == '%') && strcmp(p, ss) == 0) return 1; /* a shared symbol's value */
  unsigned n = param_chain(bufs, nbufs, p, strlen(p), chain);
  for (unsigned x = 1; x < n; x++) /* (chain[0] is the parameter itself) */
    if (strcmp(chain[x], ss) == 0) return 1;
  return 0;
}

/* The constant the modules that store into slot `u` store there alone
 * (an EDGE "=4" -> the slot flagged OLI_SUMMARY_F_STORES, version 10: an
 * ELLPACK matrix's row width, `A->K = 4` in its builder); 0 when none, or
 * when a module stores anything else there it names (two constants, a
 * parameter). *guessed: the constant is the program's default where the
 * input gives none (the edge flagged guessed, version 12). */
static double held_const(const oli_summary_buf_t *bufs, size_t nbufs, const char *u, size_t ul, int *guessed) {
  char p[PARAM_NAME_MAX], *end;
  if (!stored_param(bufs, nbufs, u, ul, p, sizeof p, guessed) || p[0] != '=') return 0;
  unsigned long long c = strtoull(p + 1, &end, 10);
  return *end == 0 && c > 0 && c < (1ull << 31) ? (double)c : 0;
}

/* The constant every call passes for parameter `u` ("fn#j"), followed
 * through parameters passed on (param_chain: main's `step(s, dt, 2)`, the
 * count of a step's sub-steps, version 5's call EDGE "step#2=2"); 0 when a
 * call passes anything else. */
static double param_const(const oli_summary_buf_t *bufs, size_t nbufs, const char *u, size_t ul) {
  char chain[PARAM_CHAIN][PARAM_NAME_MAX], *end;
  unsigned n = param_chain(bufs, nbufs, u, ul, chain);
  if (n < 2) return 0;
  long long c = strtoll(chain[n - 1], &end, 10);
  return *end == 0 && end != chain[n - 1] && c > 0 && c < (1ll << 31) ? (double)c : 0;
}

/* A twin USE's counts in symbols `usyms` (version 5) hold for an object of
 * the size's symbols `ssyms`: each is one of them, a parameter whose values
 * meet one of theirs (params_subset), or a parameter every call passes one
 * constant for (param_const: a step's sub-step loop, the counts taken
 * linear in it, as a loop's trip count is). Returns the factor of the size
 * at the USE's sample point over the size's (the constant's share of that
 * parameter's sample value), 0 when they do not hold. */
static double twin_factor(const oli_summary_buf_t *bufs, size_t nbufs, const char *usyms, const char *ssyms) {
  double f = 1;
  int related = !ssyms[0]; /* constants alone say nothing of a symbolic size's sample point (stored_size) */
  for (const char *u = usyms; *u; u += strcspn(u, ","), u += *u == ',') {
    size_t ul = strcspn(u, ",");
    char one[PARAM_NAME_MAX];
    if (ul == 0 || ul + 1 > sizeof one) return 0;
    memcpy(one, u, ul), one[ul] = 0;
    if (params_subset(bufs, nbufs, one, ssyms)) {
      related = 1;
      continue;
    }
    double c = param_const(bufs, nbufs, u, ul);
    if (c <= 0) return 0;
    f *= (double)oli_summary_sample_of(u, ul) / c;
  }
  return related ? f : 0;
}

/* A USE's counts in symbols `usyms` against an object sized `bytes` in
 * symbols `ssyms` of another module, where each of the USE's is one of the
 * size's or a slot that holds one's value (holds: `i < A->n` against `8 * n`
 * in main, `a(:) = b(:) + c(:)` over b's descriptor extent against `8 * n`)
 * or a slot holding one constant (`k < A->K`, held_const: the counts taken
 * linear in it, as a loop's trip count is): the object's size at the USE's
 * sample point, for a size linear in each of its symbols (`8 * n * n` is
 * not); 0 otherwise. */
static double stored_size(const oli_summary_buf_t *bufs, size_t nbufs, const char *usyms, const char *ssyms,
                          double bytes, int *guessed) {
  if (!usyms[0] || !ssyms[0]) return 0;
  double prod = 1;
  for (const char *q = ssyms; *q; q += strcspn(q, ","), q += *q == ',')
    prod *= (double)oli_summary_sample_of(q, strcspn(q, ","));
  if (!(bytes / prod < 1031)) return 0; /* `8 * n * n`: no multiple of each once */
  double f = 1;
  int any = 0, related = 0; /* related: a symbol of the USE's is the size's, or holds one's value */
  for (const char *u = usyms; *u; u += strcspn(u, ","), u += *u == ',') {
    size_t ul = strcspn(u, ",");
    int found = 0;
    for (const char *q = ssyms; *q && !found; q += strcspn(q, ","), q += *q == ',') {
      size_t ql = strcspn(q, ",");
      if (ql == ul && memcmp(q, u, ul) == 0)
        found = 1, related = 1; /* the size's own */
      else if (holds(bufs, nbufs, u, ul, q, ql))
        found = 1, any = 1, related = 1,
        f *= (double)oli_summary_sample_of(u, ul) / (double)oli_summary_sample_of(q, ql);
    }
    double c = found ? 0 : held_const(bufs, nbufs, u, ul, guessed);
    if (c > 0) /* the USE counted at u's sample value: the size there is u's share of it */
      found = 1, any = 1, f *= (double)oli_summary_sample_of(u, ul) / c;
    if (!found) return 0;
  }
  /* counts in constants alone say nothing of the size's sample point: not
   * over `bytes` (an outside trial's tally loop, `j < n_bins` = 2621440 from
   * main, reading a bank sized in another symbol: 2.76e4 passes, `high`,
   * for about 1); held_factor takes them over the object's own size */
  return any && related ? bytes * f : 0;
}

/* A USE in symbols `usyms` that are each a slot holding one constant
 * (held_const: an NPB-like grid's `nx2 = 22`, stored in main, read by the
 * solver's loops in other files), its counts one product of them (version
 * 12): the factor of the object's size at the USE's sample point over its
 * size, each symbol's sample value over its constant; 0 otherwise. */
static double held_factor(const oli_summary_buf_t *bufs, size_t nbufs, const char *usyms, int *guessed) {
  double f = 1;
  for (const char *u = usyms; *u; u += strcspn(u, ","), u += *u == ',') {
    size_t ul = strcspn(u, ",");
    double c = held_const(bufs, nbufs, u, ul, guessed);
    if (c <= 0) return 0;
    f *= (double)oli_summary_sample_of(u, ul) / c;
  }
  return usyms[0] ? f : 0;
}

/* Calls per run of the function a parameter's key ("fn#i*off") names. */
static double fn_calls(const oli_summary_buf_t *bufs, size_t nbufs, const char *pkey, int *guessed) {
  char fn[RENAMED_MAX];
  const char *hash = strrchr(pkey, '#');
  size_t fl = hash ? (size_t)(hash - pkey) : 0;
  if (fl == 0 || fl + 3 > sizeof fn) return 1;
  memcpy(fn, pkey, fl);
  memcpy(fn + fl, "()", 3);
  unsigned budget = MAX_CALL_WALK;
  return calls(bufs, nbufs, fn, 0, &budget, guessed);
}

/* Some EDGE not flagged OLI_SUMMARY_F_UNCLAIMED enters `key`: a caller
 * names the objects in that parameter's slot (version 7). */
static int claimed(const oli_summary_buf_t *bufs, size_t nbufs, const char *key) {
  oli_summary_t s;
  EACH(bufs, nbufs, s) {
    if (s.what == OLI_SUMMARY_EDGE && !(s.flags & OLI_SUMMARY_F_UNCLAIMED) && strcmp(s.key, key) == 0) return 1;
  }
  return 0;
}

int oli_summary_join(const oli_summary_buf_t *bufs, size_t nbufs, uint64_t id, uint64_t bytes,
                     const __oli_site_static_t *local, __oli_site_static_t *out) {
  __oli_site_static_t own = *local; /* out may be local */
  local = &own;
  *out = own;
  if (!(local->flags & OLI_STATIC_F_KEYED) || nbufs == 0) return 0;
  struct {
    const char *key;
    double weight, sweeps; /* entries, and the sweeps of the object they make (fewer: tiles) */
    unsigned depth;
    double sbytes;    /* the site's edge into it: the object's size at the sample point (0: none, or two) */
    const char *ssyms; /* in these symbols (a parameter's key: its function's parameters) */
    double abytes;    /* another form of that size, an edge of weight 0 (version 6; 0: none) ... */
    const char *asyms; /* ... in these symbols (`8 * g->n` beside `8 * g->nx * g->ny`) */
    int guessed;       /* entered a number of times that rests on a guessed trip count */
    char renamed[RENAMED_MAX]; /* ssyms carried on to a parameter's key by an edge's renames */
    char arenamed[RENAMED_MAX]; /* asyms likewise */
  } keys[MAX_KEYS];
  unsigned nk = 0;
  oli_summary_t s;
  _Static_assert(MAX_KEYS <= 64, "a key per bit of to[]");
  uint64_t to[MAX_KEYS] = {0}; /* to[i] bit k: an edge from key i to key k */
  /* an object another file's wrapper made: its sizes are the hypothesis's
   * times this, when confirmed (0: not; its private key is left out); an
   * object sized in a parameter and swept in others': 1 when the
   * parameters are confirmed equal */
  double scale = 0;
  int wrapped = 0, hypothesis = 0;
  oli_summary_t wrec;
  EACH(bufs, nbufs, s) {
    if (s.what == OLI_SUMMARY_EDGE && s.from_site == id && !s.from_key[0] && s.key[0] == '~') {
      /* "~=p0=p1@id": sized in a parameter, swept in others (version 5) */
      if (s.key[1] == '=') scale = params_equal(bufs, nbufs, s.key), hypothesis = 1;
      else scale = wrapped_scale(bufs, nbufs, s.key, &wrec), wrapped = 1;
      break;
    }
  }
  /* confirmed: what the wrapper itself does to the object (its USEs of
   * "W#r", in its parameters), at the size its record gives in them */
  if (wrapped && scale > 0) {
    keys[0].key = wrec.key, keys[0].weight = 1, keys[0].sweeps = 1, keys[0].depth = MAX_DEPTH;
    keys[0].sbytes = wrec.sample_bytes, keys[0].ssyms = wrec.syms, keys[0].guessed = 0, nk = 1;
    keys[0].abytes = 0, keys[0].asyms = "";
  }
  /* the keys the object reaches: from the site, then key to key */
  const char *per_call = NULL; /* the function of whose calls the site makes one object each (version 11) */
  EACH(bufs, nbufs, s) {
    if (s.what != OLI_SUMMARY_EDGE || s.from_site != id || s.from_key[0]) continue;
    if (s.flags & OLI_SUMMARY_F_PER_CALL) {
      per_call = s.key;
      continue;
    }
    if (s.key[0] == '~' && scale == 0) continue;
    unsigned k = 0;
    while (k < nk && strcmp(keys[k].key, s.key) != 0) k++;
    double b = s.has_sample ? (double)s.sample_bytes : 0;
    if (s.flags & OLI_SUMMARY_F_WRAPPED) b *= scale;
    if (s.weight == 0 && b > 0) { /* another form of the size (after the key's edge) */
      if (k < nk) keys[k].abytes = b, keys[k].asyms = s.syms;
      continue;
    }
    if (k == nk) {
      if (nk == MAX_KEYS) continue;
      keys[nk].key = s.key, keys[nk].weight = 0, keys[nk].sweeps = 0, keys[nk].depth = 0;
      keys[nk].sbytes = b, keys[nk].ssyms = b > 0 ? s.syms : "", keys[nk].guessed = 0;
      keys[nk].abytes = 0, keys[nk].asyms = "", nk++;
    } else if (keys[k].sbytes != b || (b > 0 && strcmp(keys[k].ssyms, s.syms) != 0)) {
      keys[k].sbytes = 0; /* two edges, two sizes: neither */
    }
    keys[k].weight += s.weight, keys[k].sweeps += s.sweeps;
    keys[k].guessed |= (s.flags & OLI_SUMMARY_F_GUESSED) != 0;
  }
  for (unsigned i = 0; i < nk; i++) {
    if (keys[i].depth >= MAX_DEPTH) continue;
    EACH(bufs, nbufs, s) {
      if (s.what != OLI_SUMMARY_EDGE || s.from_site || strcmp(s.from_key, keys[i].key) != 0) continue;
      if (lists(&s, id)) continue; /* the site's own edges have it (version 7) */
      /* a library type's field into a parameter's deref key (version 7):
       * for the objects no caller names, per call of its function */
      double per = 1;
      int per_guessed = 0;
      if (s.flags & OLI_SUMMARY_F_UNCLAIMED) {
        if (claimed(bufs, nbufs, s.key)) continue;
        per = fn_calls(bufs, nbufs, s.key, &per_guessed);
      }
      unsigned k = 0;
      while (k < nk && strcmp(keys[k].key, s.key) != 0) k++;
      if (k < nk) { /* reached again (a cycle, or a second path): weight only if not yet expanded */
        to[i] |= 1ull << k;
        if (k > i) keys[k].weight += keys[i].weight * s.weight * per, keys[k].sweeps += keys[i].sweeps * s.sweeps * per;
        continue;
      }
      if (nk == MAX_KEYS) continue;
      to[i] |= 1ull << nk;
      keys[nk].key = s.key, keys[nk].weight = keys[i].weight * s.weight * per, keys[nk].depth = keys[i].depth + 1;
      keys[nk].sweeps = keys[i].sweeps * s.sweeps * per;
      keys[nk].sbytes = 0, keys[nk].ssyms = "";
      keys[nk].guessed = keys[i].guessed || (s.flags & OLI_SUMMARY_F_GUESSED) || per_guessed;
      keys[nk].abytes = 0, keys[nk].asyms = "";
      /* a parameter's object passed on with the caller's lengths ("relax#1=solve#1"):
       * its size in the callee's parameters (every parameter samples at one value) */
      double f = 1, fa = 1;
      if (keys[i].sbytes > 0 && s.has_sample && strchr(s.syms, '=') &&
          rename_syms(keys[i].ssyms, s.syms, keys[nk].renamed, sizeof keys[nk].renamed, &f))
        keys[nk].sbytes = keys[i].sbytes * f, keys[nk].ssyms = keys[nk].renamed;
      /* ... or in a symbol of the callee's that is the object's size whichever
       * object it is (a std::vector's range, version 7): the edge's own */
      else if (s.has_sample && s.sample_bytes > 0 && s.syms[0] && !strchr(s.syms, '='))
        keys[nk].sbytes = (double)s.sample_bytes, keys[nk].ssyms = s.syms;
      /* ... or a field's object passed with the field as its length (`axpy(g.v,
       * g.rhs, a, g.n)`: "axpy#3=%struct.grid+16"), its size's other form too */
      if (keys[i].abytes > 0 && s.has_sample && strchr(s.syms, '=') &&
          rename_syms(keys[i].asyms, s.syms, keys[nk].arenamed, sizeof keys[nk].arenamed, &fa))
        keys[nk].abytes = keys[i].abytes * fa, keys[nk].asyms = keys[nk].arenamed;
      nk++;
    }
  }
  /* Two keys whose objects move into each other (a time step's swap, `t =
   * g->u; g->u = g->unew; g->unew = t`: an edge each way): the object holds
   * each slot half the time, not both all the time, so each counts half. */
  unsigned char halve[MAX_KEYS] = {0};
  for (unsigned i = 0; i < nk; i++)
    for (unsigned k = i + 1; k < nk; k++)
      if ((to[i] >> k & 1) && (to[k] >> i & 1)) halve[i] = halve[k] = 1;
  for (unsigned i = 0; i < nk; i++)
    if (halve[i]) keys[i].weight *= 0.5, keys[i].sweeps *= 0.5;
  /* the object's size at the sample point, and its symbols (the allocating
   * module's edges): in globals every module names alike, for every key;
   * an edge into a parameter may give it in that function's parameters,
   * for that key's USEs */
  double sbytes = 0;
  const char *ssyms = "";
  EACH(bufs, nbufs, s) {
    if (s.what == OLI_SUMMARY_EDGE && s.from_site == id && !s.from_key[0] && s.has_sample && s.sample_bytes > 0 &&
        !strchr(s.syms, '#') && (scale > 0 || !(s.flags & OLI_SUMMARY_F_WRAPPED))) {
      sbytes = s.sample_bytes * ((s.flags & OLI_SUMMARY_F_WRAPPED) ? scale : 1.0), ssyms = s.syms;
      break;
    }
  }
  /* the module's own estimate, by pattern; a confirmed wrapper's object's,
   * made at a nominal size, is its private key's USE instead */
  __oli_site_static_t none = {0};
  const __oli_site_static_t *mine = scale > 0 ? &none : local;
  double by[OLI_SUMMARY_PATTERNS] = {0}, guessed = 0, passes = mine->passes;
  double total = by_pattern(mine, by);
  if (mine->flags & OLI_STATIC_F_GUESSED) guessed = total;
  int escapes = (local->flags & OLI_STATIC_F_ESCAPES) != 0, unseen = (local->flags & OLI_STATIC_F_UNSEEN) != 0;
  int ambiguous = (local->flags & OLI_STATIC_F_AMBIGUOUS) != 0, joined = 0;
  /* a gather of unknown count (OLI_SUMMARY_F_OPEN_GATHER): the joined pattern is
   * gather when its part outweighs the other patterns' guessed parts */
  double open_g = (mine->flags & OLI_STATIC_F_OPEN_GATHER) ? by[2] : 0, guessed_other = 0;
  if ((mine->flags & OLI_STATIC_F_GUESSED) && !(mine->flags & OLI_STATIC_F_OPEN_GATHER))
    guessed_other = total - by[2];
  /* chained gathers (OLI_SUMMARY_F_CHAINED): the joined flag when they are at
   * least half of the joined gather part */
  double chained_g = (mine->flags & OLI_STATIC_F_CHAINED) ? by[2] : 0;
  unsigned accesses = 0, budget = MAX_CALL_WALK;
  double size = bytes ? (double)bytes : (double)NOMINAL_BYTES;
  for (unsigned i = 0; i < nk; i++) {
    int resolved = 0;
    double kbytes = keys[i].sbytes > 0 ? keys[i].sbytes : sbytes;
    const char *ksyms = keys[i].sbytes > 0 ? keys[i].ssyms : ssyms;
    /* twins ("~" + key, version 5): a USE's counts with the parameters of
     * functions other modules call taken at the sample point too; a twin
     * whose parameters the calls show equal to the size's replaces its
     * key's USE under the same root */
    const char *twinned[8];
    double twin_f[8]; /* the size at the twin's sample point over the size's */
    unsigned ntw = 0;
    if (kbytes > 0 && keys[i].key[0] != '~') {
      EACH(bufs, nbufs, s) {
        if (s.what == OLI_SUMMARY_USE && s.key[0] == '~' && strcmp(s.key + 1, keys[i].key) == 0 && s.has_sample &&
            ntw < 8 && (twin_f[ntw] = twin_factor(bufs, nbufs, s.syms, ksyms)) > 0)
          twinned[ntw++] = s.from_key;
      }
    }
    EACH(bufs, nbufs, s) {
      if (s.what == OLI_SUMMARY_EDGE) {
        if (!s.from_site && strcmp(s.from_key, keys[i].key) == 0) resolved = 1;
        continue;
      }
      int twin = s.key[0] == '~' && keys[i].key[0] != '~' && strcmp(s.key + 1, keys[i].key) == 0, has_twin = 0;
      if (!twin && strcmp(s.key, keys[i].key) != 0) continue;
      double tf = 1;
      for (unsigned t = 0; t < ntw && !has_twin; t++)
        if ((has_twin = strcmp(twinned[t], s.from_key) == 0)) tf = twin_f[t];
      if (twin != has_twin) continue; /* a twin not shown to hold; a USE its twin replaces */
      resolved = 1;
      if (keys[i].key[0] != '~' && lists(&s, id)) continue; /* counted in the site's own estimate */
      int cg = 0; /* the root's calls rest on a guessed trip count */
      double cl = calls(bufs, nbufs, s.from_key, 0, &budget, &cg), c = 0;
      /* a site's own accesses under a root other modules call ("!id:file"),
       * which its module's estimate counts once: the calls beyond that one
       * (none called: -1, it never runs) */
      int own = keys[i].key[0] == '!';
      if (own) cl -= 1;
      /* known executions per entry; the parts taken to cover the object per sweep of it */
      double w = keys[i].weight * cl, ws = keys[i].sweeps * cl;
      /* counts in the size's own symbols: at the sample point, over the size
       * there (in either form of it the site's edges give) */
      int exact = s.has_sample && kbytes > 0 && (twin || subset(s.syms, ksyms)), held_default = 0;
      /* a twin's counts at a constant parameter's sample value: its share
       * of them (tf: that value over the constant), in the sweeps taken to
       * cover the object as in the executions over the size */
      double kb = twin ? kbytes * tf : kbytes;
      if (twin) ws /= tf;
      if (!exact && !twin && s.has_sample && keys[i].abytes > 0 && subset(s.syms, keys[i].asyms))
        exact = 1, kb = keys[i].abytes;
      /* ... or in a field another module stores the size's value into */
      if (!exact && !twin && s.has_sample && s.syms[0]) {
        int dg = 0; /* through a constant that is the program's default: guessed */
        double b = kbytes > 0 ? stored_size(bufs, nbufs, s.syms, ksyms, kbytes, &dg) : 0;
        if (b <= 0 && keys[i].abytes > 0)
          dg = 0, b = stored_size(bufs, nbufs, s.syms, keys[i].asyms, keys[i].abytes, &dg);
        /* ... or, in slots holding constants, one product of them (version
         * 12): the counts of an object of a size in no symbol (constant
         * extents) or in symbols the USE does not read, over its size (the
         * runtime's: none in `oli sites` without a size hint) */
        if (b <= 0 && bytes > 0 && (s.flags & OLI_SUMMARY_F_ONE_FORM))
          dg = 0, b = (double)bytes * held_factor(bufs, nbufs, s.syms, &dg);
        if (b > 0) exact = 1, kb = b, held_default = dg;
      }
      for (int p = 0; p < OLI_SUMMARY_PATTERNS; p++) {
        double v = exact ? ws * (double)s.sample_per_byte[p] +
                               w * ((double)s.sample_execs[p] / kb + (double)s.sample_rest[p] / size)
                         : ws * (double)s.per_byte[p] + w * (double)s.execs[p] / size;
        by[p] += v;
        c += v;
      }
      total += c;
      passes += exact ? ws * (double)s.sample_passes_per_byte +
                            w * ((double)s.sample_moved / kb + (double)s.sample_rest_moved / size)
                      : ws * (double)s.passes_per_byte + w * (double)s.moved / size;
      int guess = keys[i].guessed || ((exact ? s.sample_flags : s.flags) & OLI_SUMMARY_F_GUESSED) || (cg && cl > 0) ||
                  held_default;
      if (guess) guessed += c;
      escapes |= (s.flags & OLI_SUMMARY_F_ESCAPES) != 0;
      unseen |= (s.flags & OLI_SUMMARY_F_UNSEEN) != 0;
      ambiguous |= (s.flags & OLI_SUMMARY_F_AMBIGUOUS) != 0;
      double vg = exact ? ws * (double)s.sample_per_byte[2] +
                              w * ((double)s.sample_execs[2] / kb + (double)s.sample_rest[2] / size)
                        : ws * (double)s.per_byte[2] + w * (double)s.execs[2] / size;
      if (s.flags & OLI_SUMMARY_F_CHAINED) chained_g += vg;
      if (s.flags & OLI_SUMMARY_F_OPEN_GATHER) open_g += vg;
      else if (guess) guessed_other += c - vg;
      if (!own) accesses += s.accesses; /* the site's own: in its estimate's count */
    }
    if (!resolved && keys[i].key[0] == '%') { /* a field no module loads of a struct type others do */
      size_t plus = strcspn(keys[i].key, "+");
      EACH(bufs, nbufs, s) {
        if (s.what == OLI_SUMMARY_USE && strncmp(s.key, keys[i].key, plus + 1) == 0) resolved = 1;
      }
    }
    const char *star = keys[i].key[0] != '%' && keys[i].key[0] != '@' ? strrchr(keys[i].key, '*') : NULL;
    if (!resolved && star && star > keys[i].key && memchr(keys[i].key, '#', (size_t)(star - keys[i].key))) {
      /* a slot the function never loads of what its parameter points to
       * ("axpy#0*16", a vector's capacity): its parameter's USE ("axpy#0") */
      size_t pl = (size_t)(star - keys[i].key);
      EACH(bufs, nbufs, s) {
        if (s.what == OLI_SUMMARY_USE && strlen(s.key) == pl && strncmp(s.key, keys[i].key, pl) == 0) resolved = 1;
      }
    }
    if (!resolved && wrapped && scale > 0 && i == 0) resolved = 1; /* a wrapper that does nothing to what it returns */
    size_t kl = strlen(keys[i].key);
    if (!resolved && kl > 2 && kl < RENAMED_MAX && strcmp(keys[i].key + kl - 2, "#r") == 0) {
      /* the result of a function returning a slot's object (an accessor,
       * version 8) that no module calls: never taken */
      char fn[RENAMED_MAX];
      int g = 0;
      unsigned b2 = MAX_CALL_WALK;
      memcpy(fn, keys[i].key, kl - 2);
      memcpy(fn + kl - 2, "()", 3);
      if (calls(bufs, nbufs, fn, 0, &b2, &g) == 0) resolved = 1;
    }
    if (!resolved) escapes = 1; /* a key no module uses: a library's */
    joined |= resolved;
  }
  if (!joined) {
    /* a hypothesis the program's calls do not confirm: the module's own
     * estimate, now known to be the whole program's */
    if (hypothesis) out->flags |= OLI_STATIC_F_JOINED;
    return 0;
  }
  /* one object per call of a function: each its share of what all of them get */
  if (per_call) {
    int g = 0;
    unsigned b = MAX_CALL_WALK;
    double objs = calls(bufs, nbufs, per_call, 0, &b, &g);
    if (objs > 1 && !g) {
      for (int p = 0; p < OLI_SUMMARY_PATTERNS; p++) by[p] /= objs;
      total /= objs, passes /= objs, guessed /= objs, guessed_other /= objs, open_g /= objs, chained_g /= objs;
    }
  }
  /* a root the program never calls takes its once back: no less than nothing */
  for (int p = 0; p < OLI_SUMMARY_PATTERNS; p++)
    if (by[p] < 0) by[p] = 0;
  if (total < 0) total = 0;
  if (passes < 0) passes = 0;
  if (guessed < 0) guessed = 0;
  int open_gather = open_g > 0 && open_g >= guessed_other;
  out->flags = (uint8_t)((local->flags & ~(OLI_STATIC_F_ESCAPES | OLI_STATIC_F_UNSEEN | OLI_STATIC_F_AMBIGUOUS |
                                           OLI_STATIC_F_GUESSED | OLI_STATIC_F_OPEN_GATHER | OLI_STATIC_F_CHAINED)) |
                         OLI_STATIC_F_JOINED | (escapes ? OLI_STATIC_F_ESCAPES : 0) |
                         (open_gather ? OLI_STATIC_F_OPEN_GATHER : 0) |
                         (chained_g > 0 && chained_g >= 0.5 * by[2] ? OLI_STATIC_F_CHAINED : 0) |
                         (unseen ? OLI_STATIC_F_UNSEEN : 0) | (ambiguous ? OLI_STATIC_F_AMBIGUOUS : 0) |
                         (total > 0 && guessed > 0.5 * total ? OLI_STATIC_F_GUESSED : 0));
  out->intensity = (float)total;
  out->passes = (float)passes;
  set_shares(out, by, total);
  if (open_gather) out->pattern = OLI_PATTERN_GATHER; /* its count is unknown: latency-bound whatever the others add */
  if (total <= 0 && local->confidence == OLI_CONFIDENCE_NONE && accesses == 0)
    out->confidence = escapes ? OLI_CONFIDENCE_NONE : OLI_CONFIDENCE_HIGH;
  else if (escapes || unseen || ambiguous || (wrapped && scale == 0)) /* (a wrapper's object of unknown size) */
    out->confidence = OLI_CONFIDENCE_LOW;
  else
    out->confidence = (out->flags & (OLI_STATIC_F_GUESSED | OLI_STATIC_F_OPEN_GATHER)) ? OLI_CONFIDENCE_MEDIUM : OLI_CONFIDENCE_HIGH;
  return (int)nk;
}

void oli_summary_add_local(__oli_site_static_t *into, const __oli_site_static_t *add) {
  if (add->confidence == OLI_CONFIDENCE_NONE) return;
  if (into->confidence == OLI_CONFIDENCE_NONE) {
    *into = *add;
    return;
  }
  double by[OLI_SUMMARY_PATTERNS] = {0};
  double a = by_pattern(into, by), b = by_pattern(add, by), total = a + b;
  double guessed = ((into->flags & OLI_STATIC_F_GUESSED) ? a : 0) + ((add->flags & OLI_STATIC_F_GUESSED) ? b : 0);
  uint8_t flags = (uint8_t)((into->flags | add->flags) & ~OLI_STATIC_F_GUESSED);
  if (total > 0 && guessed > 0.5 * total) flags |= OLI_STATIC_F_GUESSED;
  into->confidence = add->confidence < into->confidence ? add->confidence : into->confidence;
  into->passes += add->passes;
  into->intensity = (float)total;
  into->flags = flags;
  if (total > 0) set_shares(into, by, total); /* else both never access it: into's pattern stands */
  if (flags & OLI_STATIC_F_OPEN_GATHER) into->pattern = OLI_PATTERN_GATHER; /* as the join: latency-bound */
}
