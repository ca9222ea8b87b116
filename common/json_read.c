/* common/json_read.c - the strict JSON reader (DOM in an arena), json.h; the writer
 * and string escaping are json_write.c. */
#include "json.h"
#include "infile.h"
#include "text.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h> /* isinf: a macro, no libm needed */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_MAX_BYTES OLI_DOC_MAX_BYTES
#define DEFAULT_MAX_DEPTH 64
#define CHUNK_SIZE ((size_t)64 << 10)
#define MAX_NUMBER_CHARS 400
#define DUP_LINEAR_MAX 16 /* objects with more members are checked for duplicate keys by sorting */

typedef struct chunk_s {
  struct chunk_s *next;
  size_t used, cap;
  /* data follows, max-aligned */
} chunk_t;

struct oli_json_doc_s {
  chunk_t *chunks;
  void *(*alloc)(size_t);
  void (*release)(void *);
  oli_json_t *root;
};

typedef struct parser_s {
  const char *p, *end;
  const char *line_start;
  uint32_t line;
  int depth, max_depth;
  oli_json_doc_t *doc;
  oli_json_error_t *err;
  int failed;
} parser_t;

#define CHUNK_HDR ((sizeof(chunk_t) + 15) & ~(size_t)15)

static void *arena_alloc(oli_json_doc_t *doc, size_t n) {
  n = (n + 15) & ~(size_t)15;
  chunk_t *c = doc->chunks;
  if (c == NULL || c->cap - c->used < n) {
    size_t cap = n > CHUNK_SIZE ? n : CHUNK_SIZE;
    chunk_t *nc = doc->alloc(CHUNK_HDR + cap);
    if (nc == NULL) return NULL;
    nc->cap = cap;
    nc->used = 0;
    if (c != NULL && n > CHUNK_SIZE) {
      /* a big one-off block: keep the current chunk in front for small allocations */
      nc->next = c->next;
      c->next = nc;
    } else {
      nc->next = c;
      doc->chunks = nc;
    }
    c = nc;
  }
  void *r = (char *)c + CHUNK_HDR + c->used;
  c->used += n;
  return r;
}

static uint32_t cur_col(const parser_t *ps, const char *at) {
  return (uint32_t)(at - ps->line_start) + 1;
}

/* Record the first error at position `at`. */
static void fail_at(parser_t *ps, const char *at, const char *fmt, ...) {
  if (ps->failed) return;
  ps->failed = 1;
  /* position: count lines up to `at` (at is on the current line or after it) */
  uint32_t line = ps->line;
  const char *ls = ps->line_start;
  for (const char *q = ls; q < at && q < ps->end; q++)
    if (*q == '\n') { line++; ls = q + 1; }
  ps->err->line = line;
  ps->err->col = (uint32_t)(at - ls) + 1;
  char tmp[160];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  snprintf(ps->err->msg, sizeof ps->err->msg, "line %u, column %u: %s", (unsigned)line,
           (unsigned)ps->err->col, tmp);
}

/* A printable description of the byte at p, for "unexpected ..." messages. */
static const char *describe(const parser_t *ps, const char *p, char *buf, size_t n) {
  if (p >= ps->end) return "end of input";
  unsigned char c = (unsigned char)*p;
  if (c >= 0x20 && c < 0x7f) snprintf(buf, n, "'%c'", c);
  else snprintf(buf, n, "byte 0x%02x", c);
  return buf;
}

static void skip_ws(parser_t *ps) {
  while (ps->p < ps->end) {
    char c = *ps->p;
    if (c == '\n') {
      ps->line++;
      ps->line_start = ps->p + 1;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      return;
    }
    ps->p++;
  }
}

static oli_json_t *new_value(parser_t *ps, oli_json_type_t t, const char *at) {
  oli_json_t *v = arena_alloc(ps->doc, sizeof *v);
  if (v == NULL) {
    fail_at(ps, at, "out of memory");
    return NULL;
  }
  memset(v, 0, sizeof *v);
  v->type = t;
  v->line = ps->line;
  v->col = cur_col(ps, at);
  return v;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static int read_hex4(parser_t *ps, const char *q, unsigned *out) {
  if (ps->end - q < 4) {
    fail_at(ps, ps->end, "unexpected end of input in \\u escape");
    return -1;
  }
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    int h = hexval(q[i]);
    if (h < 0) {
      fail_at(ps, q + i, "bad \\u escape: expected 4 hex digits");
      return -1;
    }
    v = v * 16 + (unsigned)h;
  }
  *out = v;
  return 0;
}

/* Parse a string starting at the opening quote; decoded into the arena. */
static const char *parse_string_raw(parser_t *ps, size_t *len_out) {
  const char *start = ps->p;
  const char *q = ps->p + 1;
  /* find the closing quote to size the buffer (decoded is never longer) */
  const char *r = q;
  while (r < ps->end && *r != '"') {
    if (*r == '\\') r++;
    r++;
  }
  if (r >= ps->end) {
    fail_at(ps, ps->end, "unexpected end of input inside a string (opened at column %u)", cur_col(ps, start));
    return NULL;
  }
  char *buf = arena_alloc(ps->doc, (size_t)(r - q) + 1);
  if (buf == NULL) {
    fail_at(ps, start, "out of memory");
    return NULL;
  }
  char *w = buf;
  while (*q != '"') {
    unsigned char c = (unsigned char)*q;
    if (c < 0x20) {
      fail_at(ps, q, "control character 0x%02x in string (escape it)", c);
      return NULL;
    }
    if (c >= 0x80) { /* raw UTF-8: the one rule (common/text.h), RFC 8259 section 8.1 */
      size_t k = oli_utf8_decode(q, NULL);
      if (k == 0) {
        fail_at(ps, q, "invalid UTF-8 byte 0x%02x in string", c);
        return NULL;
      }
      memcpy(w, q, k);
      w += k;
      q += k;
      continue;
    }
    if (c != '\\') {
      *w++ = (char)c;
      q++;
      continue;
    }
    q++;
    char e = *q++;
    switch (e) {
    case '"': *w++ = '"'; break;
    case '\\': *w++ = '\\'; break;
    case '/': *w++ = '/'; break;
    case 'b': *w++ = '\b'; break;
    case 'f': *w++ = '\f'; break;
    case 'n': *w++ = '\n'; break;
    case 'r': *w++ = '\r'; break;
    case 't': *w++ = '\t'; break;
    case 'u': {
      unsigned cp;
      if (read_hex4(ps, q, &cp) != 0) return NULL;
      q += 4;
      if (cp >= 0xd800 && cp <= 0xdbff) {
        unsigned lo;
        if (ps->end - q < 6 || q[0] != '\\' || q[1] != 'u') {
          fail_at(ps, q, "high surrogate \\u%04x not followed by a low surrogate", cp);
          return NULL;
        }
        if (read_hex4(ps, q + 2, &lo) != 0) return NULL;
        if (lo < 0xdc00 || lo > 0xdfff) {
          fail_at(ps, q, "high surrogate \\u%04x not followed by a low surrogate", cp);
          return NULL;
        }
        q += 6;
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
      } else if (cp >= 0xdc00 && cp <= 0xdfff) {
        fail_at(ps, q - 6, "lone low surrogate \\u%04x", cp);
        return NULL;
      } else if (cp == 0) {
        fail_at(ps, q - 6, "\\u0000 is not allowed in strings");
        return NULL;
      }
      /* UTF-8 encode: never longer than the 6+ escape bytes it replaces */
      if (cp < 0x80) {
        *w++ = (char)cp;
      } else if (cp < 0x800) {
        *w++ = (char)(0xc0 | (cp >> 6));
        *w++ = (char)(0x80 | (cp & 0x3f));
      } else if (cp < 0x10000) {
        *w++ = (char)(0xe0 | (cp >> 12));
        *w++ = (char)(0x80 | ((cp >> 6) & 0x3f));
        *w++ = (char)(0x80 | (cp & 0x3f));
      } else {
        *w++ = (char)(0xf0 | (cp >> 18));
        *w++ = (char)(0x80 | ((cp >> 12) & 0x3f));
        *w++ = (char)(0x80 | ((cp >> 6) & 0x3f));
        *w++ = (char)(0x80 | (cp & 0x3f));
      }
      break;
    }
    default:
      fail_at(ps, q - 2, "bad escape '\\%c' in string", (e >= 0x20 && e < 0x7f) ? e : '?');
      return NULL;
    }
  }
  *w = '\0';
  ps->p = q + 1;
  *len_out = (size_t)(w - buf);
  return buf;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static oli_json_t *parse_number(parser_t *ps) {
  const char *s = ps->p, *q = ps->p;
  oli_json_t *v = new_value(ps, OLI_JSON_NUMBER, s);
  if (v == NULL) return NULL;
  int neg = 0, is_int = 1, huge = 0;
  uint64_t mag = 0;
  if (q < ps->end && *q == '-') { neg = 1; q++; }
  if (q >= ps->end || !is_digit(*q)) {
    char b[24];
    fail_at(ps, q, "expected a digit, found %s", describe(ps, q, b, sizeof b));
    return NULL;
  }
  if (*q == '0') {
    q++;
    if (q < ps->end && is_digit(*q)) {
      fail_at(ps, q - 1, "numbers must not have leading zeros");
      return NULL;
    }
  } else {
    for (; q < ps->end && is_digit(*q); q++) {
      uint64_t d = (uint64_t)(*q - '0');
      if (mag > (UINT64_MAX - d) / 10) huge = 1;
      else mag = mag * 10 + d;
    }
  }
  if (q < ps->end && *q == '.') {
    is_int = 0;
    q++;
    if (q >= ps->end || !is_digit(*q)) {
      fail_at(ps, q, "expected a digit after '.'");
      return NULL;
    }
    while (q < ps->end && is_digit(*q)) q++;
  }
  if (q < ps->end && (*q == 'e' || *q == 'E')) {
    is_int = 0;
    q++;
    if (q < ps->end && (*q == '+' || *q == '-')) q++;
    if (q >= ps->end || !is_digit(*q)) {
      fail_at(ps, q, "expected a digit in the exponent");
      return NULL;
    }
    while (q < ps->end && is_digit(*q)) q++;
  }
  size_t n = (size_t)(q - s);
  if (n > MAX_NUMBER_CHARS) {
    fail_at(ps, s, "number is longer than %d characters", MAX_NUMBER_CHARS);
    return NULL;
  }
  char tmp[MAX_NUMBER_CHARS + 1];
  memcpy(tmp, s, n);
  tmp[n] = '\0';
  errno = 0;
  double d = strtod(tmp, NULL);
  if (isinf(d)) {
    fail_at(ps, s, "number %.40s%s is out of range", tmp, n > 40 ? "..." : "");
    return NULL;
  }
  v->u.num.d = d;
  v->u.num.mag = 0;
  v->u.num.flags = neg ? OLI_JSON_NUM_NEG : 0;
  if (is_int && !huge) {
    v->u.num.flags |= OLI_JSON_NUM_INT;
    v->u.num.mag = mag;
  } else if (is_int) {
    v->u.num.flags |= OLI_JSON_NUM_HUGE;
  }
  ps->p = q;
  return v;
}

static int match_word(parser_t *ps, const char *w) {
  size_t n = strlen(w);
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, w, n) != 0) return 0;
  const char *after = ps->p + n;
  if (after < ps->end && ((*after >= 'a' && *after <= 'z') || is_digit(*after))) return 0;
  ps->p = after;
  return 1;
}

static oli_json_t *parse_value(parser_t *ps);

/* A key as error messages show it: escaped (a decoded key may hold a newline
 * or other control bytes; messages are one line), quoted, cut to 60 bytes. */
#define KEY_SHOWN 64
static const char *key_for_msg(const char *key, char buf[KEY_SHOWN]) {
  if (oli_json_escape(buf, KEY_SHOWN - 3, key) >= KEY_SHOWN - 3) strcat(buf, "...");
  return buf;
}

static int cmp_member(const void *a, const void *b) {
  const oli_json_t *x = *(oli_json_t *const *)a, *y = *(oli_json_t *const *)b;
  size_t n = x->key_len < y->key_len ? x->key_len : y->key_len;
  int c = memcmp(x->key, y->key, n);
  if (c != 0) return c;
  if (x->key_len != y->key_len) return x->key_len < y->key_len ? -1 : 1;
  if (x->line != y->line) return x->line < y->line ? -1 : 1;
  return x->col < y->col ? -1 : x->col > y->col;
}

/* Duplicate keys of a large object, in O(n log n): sort members by key. */
static int check_dups_sorted(parser_t *ps, const oli_json_t *obj) {
  size_t n = obj->u.list.n, i = 0;
  oli_json_t **m = ps->doc->alloc(n * sizeof *m);
  if (m == NULL) {
    fail_at(ps, ps->p, "out of memory");
    return -1;
  }
  for (oli_json_t *e = obj->u.list.first; e; e = e->next) m[i++] = e;
  qsort(m, n, sizeof *m, cmp_member);
  int rc = 0;
  for (i = 1; i < n && rc == 0; i++) {
    if (m[i]->key_len == m[i - 1]->key_len && memcmp(m[i]->key, m[i - 1]->key, m[i]->key_len) == 0) {
      /* report at the later member's value, like the linear check reports at its key */
      ps->failed = 1;
      ps->err->line = m[i]->line;
      ps->err->col = m[i]->col;
      char shown[KEY_SHOWN];
      snprintf(ps->err->msg, sizeof ps->err->msg, "line %u, column %u: duplicate member %s (first at line %u)",
               (unsigned)m[i]->line, (unsigned)m[i]->col, key_for_msg(m[i]->key, shown), (unsigned)m[i - 1]->line);
      rc = -1;
    }
  }
  ps->doc->release(m);
  return rc;
}

static oli_json_t *parse_container(parser_t *ps, int is_obj) {
  const char *open = ps->p;
  oli_json_t *v = new_value(ps, is_obj ? OLI_JSON_OBJECT : OLI_JSON_ARRAY, open);
  if (v == NULL) return NULL;
  if (++ps->depth > ps->max_depth) {
    fail_at(ps, open, "nesting deeper than %d levels", ps->max_depth);
    return NULL;
  }
  char close = is_obj ? '}' : ']';
  ps->p++;
  skip_ws(ps);
  oli_json_t **tail = &v->u.list.first;
  if (ps->p < ps->end && *ps->p == close) {
    ps->p++;
    ps->depth--;
    return v;
  }
  for (;;) {
    const char *key = NULL;
    size_t key_len = 0;
    skip_ws(ps);
    if (is_obj) {
      char b[24];
      if (ps->p >= ps->end) {
        fail_at(ps, ps->end, "unexpected end of input, expected a member name");
        return NULL;
      }
      if (*ps->p != '"') {
        fail_at(ps, ps->p, "expected a member name in double quotes, found %s",
                describe(ps, ps->p, b, sizeof b));
        return NULL;
      }
      const char *kat = ps->p;
      key = parse_string_raw(ps, &key_len);
      if (key == NULL) return NULL;
      /* small objects: compare now; large ones are sorted once at '}' */
      for (oli_json_t *m = v->u.list.n < DUP_LINEAR_MAX ? v->u.list.first : NULL; m; m = m->next) {
        if (m->key_len == key_len && memcmp(m->key, key, key_len) == 0) {
          char shown[KEY_SHOWN];
          fail_at(ps, kat, "duplicate member %s (first at line %u)", key_for_msg(key, shown), m->line);
          return NULL;
        }
      }
      skip_ws(ps);
      if (ps->p >= ps->end || *ps->p != ':') {
        if (ps->p >= ps->end) fail_at(ps, ps->end, "unexpected end of input, expected ':'");
        else fail_at(ps, ps->p, "expected ':', found %s", describe(ps, ps->p, b, sizeof b));
        return NULL;
      }
      ps->p++;
      skip_ws(ps);
    }
    oli_json_t *item = parse_value(ps);
    if (item == NULL) return NULL;
    item->key = key;
    item->key_len = key_len;
    *tail = item;
    tail = &item->next;
    v->u.list.n++;
    skip_ws(ps);
    if (ps->p >= ps->end) {
      fail_at(ps, ps->end, "unexpected end of input, expected ',' or '%c'", close);
      return NULL;
    }
    if (*ps->p == ',') {
      ps->p++;
      skip_ws(ps);
      if (ps->p < ps->end && *ps->p == close) {
        fail_at(ps, ps->p, "trailing ',' before '%c'", close);
        return NULL;
      }
      continue;
    }
    if (*ps->p == close) {
      if (is_obj && v->u.list.n > DUP_LINEAR_MAX && check_dups_sorted(ps, v) != 0) return NULL;
      ps->p++;
      ps->depth--;
      return v;
    }
    char b[24];
    fail_at(ps, ps->p, "expected ',' or '%c', found %s", close, describe(ps, ps->p, b, sizeof b));
    return NULL;
  }
}

static oli_json_t *parse_value(parser_t *ps) {
  skip_ws(ps);
  if (ps->p >= ps->end) {
    fail_at(ps, ps->end, "unexpected end of input, expected a value");
    return NULL;
  }
  const char *at = ps->p;
  char c = *ps->p;
  oli_json_t *v;
  switch (c) {
  case '{': return parse_container(ps, 1);
  case '[': return parse_container(ps, 0);
  case '"': {
    v = new_value(ps, OLI_JSON_STRING, at);
    if (v == NULL) return NULL;
    v->u.str.s = parse_string_raw(ps, &v->u.str.len);
    return v->u.str.s ? v : NULL;
  }
  case 't':
  case 'f':
  case 'n':
    if (match_word(ps, "true") || match_word(ps, "false")) {
      v = new_value(ps, OLI_JSON_BOOL, at);
      if (v) v->u.boolean = (c == 't');
      return v;
    }
    if (match_word(ps, "null")) return new_value(ps, OLI_JSON_NULL, at);
    break;
  default:
    if (c == '-' || is_digit(c)) return parse_number(ps);
    break;
  }
  char b[24];
  fail_at(ps, at, "expected a value, found %s", describe(ps, at, b, sizeof b));
  return NULL;
}

oli_json_doc_t *oli_json_parse(const char *text, size_t len, const oli_json_limits_t *limits,
                               oli_json_error_t *err) {
  oli_json_error_t dummy;
  if (err == NULL) err = &dummy;
  memset(err, 0, sizeof *err);
  size_t max_bytes = limits && limits->max_bytes ? limits->max_bytes : DEFAULT_MAX_BYTES;
  int max_depth = limits && limits->max_depth > 0 ? limits->max_depth : DEFAULT_MAX_DEPTH;
  void *(*alloc)(size_t) = limits && limits->alloc ? limits->alloc : malloc;
  void (*release)(void *) = limits && limits->release ? limits->release : free;
  if (len > max_bytes) {
    snprintf(err->msg, sizeof err->msg, "input is larger than %zu bytes", max_bytes);
    return NULL;
  }
  oli_json_doc_t *doc = alloc(sizeof *doc);
  if (doc == NULL) {
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return NULL;
  }
  memset(doc, 0, sizeof *doc);
  doc->alloc = alloc;
  doc->release = release;
  parser_t ps = {.p = text, .end = text + len, .line_start = text, .line = 1,
                 .max_depth = max_depth, .doc = doc, .err = err};
  /* skip a UTF-8 byte order mark */
  if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) ps.p += 3;
  skip_ws(&ps);
  if (ps.p >= ps.end) {
    fail_at(&ps, ps.p, "empty input, expected a JSON value");
    oli_json_free(doc);
    return NULL;
  }
  doc->root = parse_value(&ps);
  if (doc->root != NULL) {
    skip_ws(&ps);
    if (ps.p < ps.end) {
      char b[24];
      fail_at(&ps, ps.p, "unexpected %s after the JSON value", describe(&ps, ps.p, b, sizeof b));
    }
  }
  if (ps.failed || doc->root == NULL) {
    oli_json_free(doc);
    return NULL;
  }
  return doc;
}

oli_json_doc_t *oli_json_parse_file(const char *path, const oli_json_limits_t *limits,
                                    oli_json_error_t *err) {
  oli_json_error_t dummy;
  if (err == NULL) err = &dummy;
  memset(err, 0, sizeof *err);
  size_t max_bytes = limits && limits->max_bytes ? limits->max_bytes : DEFAULT_MAX_BYTES;
  void *(*alloc)(size_t) = limits && limits->alloc ? limits->alloc : malloc;
  void (*release)(void *) = limits && limits->release ? limits->release : free;
  long long fsize = 0; /* a FIFO or device is refused at once, never read (common/infile.c) */
  int fd = oli_infile_open(path, &fsize, err->msg, sizeof err->msg);
  if (fd < 0) return NULL;
  if ((uint64_t)fsize > max_bytes) {
    snprintf(err->msg, sizeof err->msg, "file is larger than %zu bytes", max_bytes);
    close(fd);
    return NULL;
  }
  size_t n = (size_t)fsize;
  char *buf = alloc(n ? n : 1);
  if (buf == NULL) {
    snprintf(err->msg, sizeof err->msg, "out of memory");
    close(fd);
    return NULL;
  }
  size_t got = 0;
  while (got < n) {
    ssize_t r = read(fd, buf + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      snprintf(err->msg, sizeof err->msg, "read error: %s", strerror(errno));
      release(buf);
      close(fd);
      return NULL;
    }
    if (r == 0) break; /* shrank while reading: parse what we have */
    got += (size_t)r;
  }
  close(fd);
  oli_json_doc_t *doc = oli_json_parse(buf, got, limits, err);
  release(buf);
  return doc;
}

void oli_json_free(oli_json_doc_t *doc) {
  if (doc == NULL) return;
  chunk_t *c = doc->chunks;
  while (c) {
    chunk_t *n = c->next;
    doc->release(c);
    c = n;
  }
  doc->release(doc);
}

const oli_json_t *oli_json_root(const oli_json_doc_t *doc) { return doc ? doc->root : NULL; }

const oli_json_t *oli_json_get(const oli_json_t *v, const char *key) {
  if (v == NULL || v->type != OLI_JSON_OBJECT || key == NULL) return NULL;
  size_t n = strlen(key);
  for (const oli_json_t *m = v->u.list.first; m; m = m->next)
    if (m->key_len == n && memcmp(m->key, key, n) == 0) return m;
  return NULL;
}

const oli_json_t *oli_json_first(const oli_json_t *v) {
  if (v == NULL || (v->type != OLI_JSON_OBJECT && v->type != OLI_JSON_ARRAY)) return NULL;
  return v->u.list.first;
}

size_t oli_json_count(const oli_json_t *v) {
  if (v == NULL || (v->type != OLI_JSON_OBJECT && v->type != OLI_JSON_ARRAY)) return 0;
  return v->u.list.n;
}

const char *oli_json_str(const oli_json_t *v) {
  return v && v->type == OLI_JSON_STRING ? v->u.str.s : NULL;
}

int oli_json_u64(const oli_json_t *v, uint64_t *out) {
  if (v == NULL || v->type != OLI_JSON_NUMBER) return -1;
  unsigned f = v->u.num.flags;
  if (f & OLI_JSON_NUM_INT) {
    if ((f & OLI_JSON_NUM_NEG) && v->u.num.mag != 0) return -2;
    *out = v->u.num.mag;
    return 0;
  }
  if (f & OLI_JSON_NUM_HUGE) return -2;
  double d = v->u.num.d;
  if (!(d >= 0 && d < 9007199254740992.0) || (double)(uint64_t)d != d) return -2;
  *out = (uint64_t)d;
  return 0;
}

int oli_json_i64(const oli_json_t *v, int64_t *out) {
  if (v == NULL || v->type != OLI_JSON_NUMBER) return -1;
  unsigned f = v->u.num.flags;
  if (f & OLI_JSON_NUM_INT) {
    uint64_t m = v->u.num.mag;
    if (f & OLI_JSON_NUM_NEG) {
      if (m > (uint64_t)INT64_MAX + 1) return -2;
      *out = m == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)m;
    } else {
      if (m > (uint64_t)INT64_MAX) return -2;
      *out = (int64_t)m;
    }
    return 0;
  }
  if (f & OLI_JSON_NUM_HUGE) return -2;
  double d = v->u.num.d;
  if (!(d > -9007199254740992.0 && d < 9007199254740992.0) || (double)(int64_t)d != d) return -2;
  *out = (int64_t)d;
  return 0;
}

int oli_json_double(const oli_json_t *v, double *out) {
  if (v == NULL || v->type != OLI_JSON_NUMBER) return -1;
  *out = v->u.num.d;
  return 0;
}

int oli_json_bool(const oli_json_t *v, int *out) {
  if (v == NULL || v->type != OLI_JSON_BOOL) return -1;
  *out = v->u.boolean;
  return 0;
}

const char *oli_json_type_name(oli_json_type_t t) {
  switch (t) {
  case OLI_JSON_NULL: return "null";
  case OLI_JSON_BOOL: return "boolean";
  case OLI_JSON_NUMBER: return "number";
  case OLI_JSON_STRING: return "string";
  case OLI_JSON_ARRAY: return "array";
  case OLI_JSON_OBJECT: return "object";
  }
  return "?";
}
