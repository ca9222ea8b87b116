/* common/json_write.c - the one JSON writer (json.h): string escaping and
 * oli_jw_*, through which every document is written. The reader is
 * json_read.c. */
#include "json.h"
#include "text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Escape one byte into out (up to 6 chars + NUL); returns its length. */
static size_t escape_byte(unsigned char c, char out[8]) {
  switch (c) {
  case '"': return (size_t)snprintf(out, 8, "\\\"");
  case '\\': return (size_t)snprintf(out, 8, "\\\\");
  case '\n': return (size_t)snprintf(out, 8, "\\n");
  case '\r': return (size_t)snprintf(out, 8, "\\r");
  case '\t': return (size_t)snprintf(out, 8, "\\t");
  case '\b': return (size_t)snprintf(out, 8, "\\b");
  case '\f': return (size_t)snprintf(out, 8, "\\f");
  default:
    if (c < 0x20 || c == 0x7f) return (size_t)snprintf(out, 8, "\\u%04x", c);
    out[0] = (char)c;
    out[1] = '\0';
    return 1;
  }
}

/* The escape of the character at p into out; *used gets its bytes. ASCII as
 * escape_byte; bytes that are not valid UTF-8 (oli_utf8_decode) are each
 * replaced by U+FFFD, written "\ufffd", as Go's encoding/json and LLVM's
 * json::fixUTF8 do, so every document oli writes is valid UTF-8; the
 * oli_text_unsafe code points (C1 controls, U+2028/U+2029, bidirectional
 * controls) are written \uXXXX; other UTF-8 stays as it is. */
static size_t escape_char(const unsigned char *p, char out[8], size_t *used) {
  uint32_t cp;
  *used = 1;
  if (*p < 0x80) return escape_byte(*p, out);
  size_t k = oli_utf8_decode((const char *)p, &cp);
  if (k == 0) return (size_t)snprintf(out, 8, "\\ufffd");
  *used = k;
  if (oli_text_unsafe(cp)) return (size_t)snprintf(out, 8, "\\u%04x", (unsigned)cp);
  memcpy(out, p, k);
  out[k] = '\0';
  return k;
}

size_t oli_json_escape(char *buf, size_t n, const char *s) {
  size_t need = 0, used;
  char e[8];
#define PUT(str, len)                                                                         \
  do {                                                                                        \
    for (size_t i_ = 0; i_ < (len); i_++, need++)                                             \
      if (need + 1 < n) buf[need] = (str)[i_];                                                \
  } while (0)
  PUT("\"", 1);
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p += used) {
    size_t k = escape_char(p, e, &used);
    PUT(e, k);
  }
  PUT("\"", 1);
#undef PUT
  if (n > 0) buf[need < n ? need : n - 1] = '\0';
  return need;
}

int oli_json_write_string(FILE *f, const char *s) {
  char e[8];
  size_t used;
  if (fputc('"', f) == EOF) return -1;
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p += used) {
    size_t k = escape_char(p, e, &used);
    if (fwrite(e, 1, k, f) != k) return -1;
  }
  return fputc('"', f) == EOF ? -1 : 0;
}

/* ---- the writer ------------------------------------------------------------ */
void oli_jw_init(oli_jw_t *w, FILE *f) {
  memset(w, 0, sizeof *w);
  w->f = f;
}

static void put(oli_jw_t *w, const char *s) {
  if (!w->err && fputs(s, w->f) == EOF) w->err = 1;
}

/* Container k (0-based) keeps its members on one line. */
static int is_inline(const oli_jw_t *w, int k) { return w->compact || (w->inline_from && k + 1 >= w->inline_from); }

static void newline(oli_jw_t *w, int level) {
  put(w, "\n");
  for (int i = 0; i < level; i++) put(w, "  ");
}

/* Separator, indentation and key before a value. */
static void begin_value(oli_jw_t *w, const char *key) {
  if (w->depth == 0) {
    if (key) w->err = 1; /* a key at the top */
    return;
  }
  int k = w->depth - 1;
  if ((key == NULL) != (w->is_array[k] != 0)) w->err = 1; /* keys in objects only */
  if (w->count[k]) put(w, ",");
  if (!is_inline(w, k)) newline(w, w->depth);
  else if (w->count[k] && !w->compact) put(w, " ");
  if (w->count[k] < 255) w->count[k]++;
  if (key) {
    if (!w->err && oli_json_write_string(w->f, key) != 0) w->err = 1;
    put(w, w->compact ? ":" : ": ");
  }
}

static void open_container(oli_jw_t *w, const char *key, oli_jw_style_t style, int array) {
  begin_value(w, key);
  if (w->depth >= OLI_JW_MAX_DEPTH) {
    w->err = 1;
    return;
  }
  put(w, array ? "[" : "{");
  w->is_array[w->depth] = (unsigned char)array;
  w->count[w->depth] = 0;
  if (style == OLI_JW_INLINE && !w->inline_from) w->inline_from = w->depth + 1;
  w->depth++;
}

void oli_jw_object(oli_jw_t *w, const char *key, oli_jw_style_t style) { open_container(w, key, style, 0); }
void oli_jw_array(oli_jw_t *w, const char *key, oli_jw_style_t style) { open_container(w, key, style, 1); }

void oli_jw_end(oli_jw_t *w) {
  if (w->depth == 0) {
    w->err = 1;
    return;
  }
  int k = --w->depth;
  if (!is_inline(w, k) && w->count[k]) newline(w, w->depth);
  put(w, w->is_array[k] ? "]" : "}");
  if (w->inline_from == k + 1) w->inline_from = 0;
}

void oli_jw_str(oli_jw_t *w, const char *key, const char *s) {
  begin_value(w, key);
  if (s == NULL) put(w, "null");
  else if (!w->err && oli_json_write_string(w->f, s) != 0) w->err = 1;
}

void oli_jw_u64(oli_jw_t *w, const char *key, uint64_t v) {
  char b[24];
  snprintf(b, sizeof b, "%llu", (unsigned long long)v);
  begin_value(w, key);
  put(w, b);
}

void oli_jw_i64(oli_jw_t *w, const char *key, int64_t v) {
  char b[24];
  snprintf(b, sizeof b, "%lld", (long long)v);
  begin_value(w, key);
  put(w, b);
}

void oli_jw_double(oli_jw_t *w, const char *key, double v, int digits) {
  char b[40];
  if (v != v || v - v != 0) snprintf(b, sizeof b, "null"); /* NaN, infinities: no JSON number */
  else snprintf(b, sizeof b, "%.*g", digits, v);
  begin_value(w, key);
  put(w, b);
}

void oli_jw_bool(oli_jw_t *w, const char *key, int v) {
  begin_value(w, key);
  put(w, v ? "true" : "false");
}

void oli_jw_null(oli_jw_t *w, const char *key) {
  begin_value(w, key);
  put(w, "null");
}

int oli_jw_finish(oli_jw_t *w) {
  if (w->depth != 0) w->err = 1;
  if (!w->compact) put(w, "\n");
  if (!w->err && (fflush(w->f) != 0 || ferror(w->f))) w->err = 1;
  return w->err ? -1 : 0;
}
