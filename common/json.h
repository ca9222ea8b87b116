/* common/json.h - a small, strict JSON reader (DOM) and a string-escaping
 * writer helper, shared by the runtime (plans, profiles) and the CLI.
 *
 *   oli_json_error_t err;
 *   oli_json_doc_t *doc = oli_json_parse_file("plan.json", NULL, &err);
 *   if (!doc) { fprintf(stderr, "oli: plan.json: %s\n", err.msg); ... }
 *   const oli_json_t *sites = oli_json_get(oli_json_root(doc), "sites");
 *   for (const oli_json_t *s = oli_json_first(sites); s; s = s->next) {
 *     uint64_t bytes;
 *     if (oli_json_u64(oli_json_get(s, "bytes"), &bytes) != 0) ...
 *   }
 *   oli_json_free(doc);
 *
 * Strict RFC 8259: no comments, no trailing commas, no NaN/Infinity, no raw
 * control characters in strings, duplicate object keys rejected, \u0000
 * rejected (strings stay NUL-terminated C strings). Integer literals keep
 * their exact 64-bit value (signed or unsigned); larger integers are kept as
 * a double and flagged, so oli_json_u64() says "out of range" instead of
 * rounding. Nesting depth and input size are limited (see limits).
 *
 * Error messages (err.msg) read "line 3, column 14: expected ','"; line and
 * column count from 1, columns in bytes. Not thread-safe per document;
 * independent documents may be parsed concurrently.
 */
#ifndef OLI_COMMON_JSON_H
#define OLI_COMMON_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum oli_json_type_e {
  OLI_JSON_NULL = 0,
  OLI_JSON_BOOL,
  OLI_JSON_NUMBER,
  OLI_JSON_STRING,
  OLI_JSON_ARRAY,
  OLI_JSON_OBJECT,
} oli_json_type_t;

/* oli_json_t.num.flags */
#define OLI_JSON_NUM_INT 0x1      /* written as an integer literal that fits 64 bits */
#define OLI_JSON_NUM_NEG 0x2      /* negative */
#define OLI_JSON_NUM_HUGE 0x4     /* integer literal beyond 64 bits: only `d` is set */

typedef struct oli_json_s oli_json_t;
struct oli_json_s {
  oli_json_type_t type;
  uint32_t line, col;  /* where the value starts (1-based) */
  oli_json_t *next;    /* next element of the parent array/object, NULL last */
  const char *key;     /* member name when the parent is an object, else NULL */
  size_t key_len;
  union {
    int boolean;
    struct { const char *s; size_t len; } str; /* NUL-terminated, UTF-8 */
    struct { oli_json_t *first; size_t n; } list; /* array elements / object members */
    struct { uint64_t mag; double d; unsigned flags; } num; /* mag = |value| when INT */
  } u;
};

/* The largest document (report, profile, plan) oli reads - and so the largest
 * it writes: writers refuse more (common/outfile.h). A plan of the runtime's
 * most sites (2^18) is about 120 MiB; the pass reads plan= files up to this too. */
#define OLI_DOC_MAX_BYTES ((size_t)256 << 20)

typedef struct oli_json_limits_s {
  size_t max_bytes;  /* input size limit; 0 = OLI_DOC_MAX_BYTES */
  int max_depth;     /* nesting limit; 0 = default 64 */
  /* Allocator for the document's memory; NULL = malloc/free. */
  void *(*alloc)(size_t);
  void (*release)(void *);
} oli_json_limits_t;

typedef struct oli_json_error_s {
  uint32_t line, col; /* 0 when the error is not about a position (I/O) */
  char msg[192];      /* one line, no trailing newline, no file name */
} oli_json_error_t;

typedef struct oli_json_doc_s oli_json_doc_t;

/* Parse `len` bytes (need not be NUL-terminated). NULL on error (err filled). */
oli_json_doc_t *oli_json_parse(const char *text, size_t len, const oli_json_limits_t *limits,
                               oli_json_error_t *err);
/* Read and parse a whole file ("-" is not special). NULL on error: err.msg is
 * "cannot open: <strerror>", "file is larger than N bytes", or a parse error. */
oli_json_doc_t *oli_json_parse_file(const char *path, const oli_json_limits_t *limits,
                                    oli_json_error_t *err);
/* Free a document and every value in it. NULL is fine. */
void oli_json_free(oli_json_doc_t *doc);
/* The top-level value; never NULL for a parsed document. */
const oli_json_t *oli_json_root(const oli_json_doc_t *doc);

/* ---- access (all NULL-safe: a NULL value is "missing") ---------------- */
/* Member of an object by name; NULL when v is not an object or has no such key. */
const oli_json_t *oli_json_get(const oli_json_t *v, const char *key);
/* First element/member of an array/object (iterate with ->next); NULL if none. */
const oli_json_t *oli_json_first(const oli_json_t *v);
/* Number of elements/members; 0 for other types. */
size_t oli_json_count(const oli_json_t *v);
/* String contents, NULL when v is not a string. */
const char *oli_json_str(const oli_json_t *v);
/* Exact unsigned integer: 0 ok; -1 missing or not a number; -2 negative,
 * fractional or beyond 2^64-1 ("out of range"). Integral doubles below 2^53
 * (e.g. 1e6) are accepted. */
int oli_json_u64(const oli_json_t *v, uint64_t *out);
/* Exact signed integer, same return convention. */
int oli_json_i64(const oli_json_t *v, int64_t *out);
/* Any number as a double: 0 ok, -1 missing or not a number. */
int oli_json_double(const oli_json_t *v, double *out);
/* Boolean: 0 ok, -1 missing or not true/false. */
int oli_json_bool(const oli_json_t *v, int *out);
/* "null", "boolean", "number", "string", "array", "object". */
const char *oli_json_type_name(oli_json_type_t t);

/* ---- writing ------------------------------------------------------------ */
/* Write `s` as a JSON string literal with quotes into buf (snprintf-style:
 * always NUL-terminates when n > 0; returns the length the whole literal
 * needs, excluding the NUL). Escapes ", \, every control character
 * (0x00-0x1f) and DEL (0x7f); other bytes are copied (UTF-8 passes through). */
size_t oli_json_escape(char *buf, size_t n, const char *s);
/* Same, to a stdio stream. Returns 0, or -1 on a write error. */
int oli_json_write_string(FILE *f, const char *s);

/* The one JSON writer of the project: every document (report, profile, plan,
 * diff, sites) is written through it, so commas, nesting and escaping are
 * right by construction.
 *
 *   oli_jw_t w;
 *   oli_jw_init(&w, stdout);
 *   oli_jw_object(&w, NULL, OLI_JW_LINES);     // {  members one per line
 *   oli_jw_str(&w, "schema", "oli-plan");
 *   oli_jw_array(&w, "sites", OLI_JW_LINES);
 *   oli_jw_object(&w, NULL, OLI_JW_INLINE);    //   {"id": ..., "bytes": 4}
 *   oli_jw_u64(&w, "bytes", 4);
 *   oli_jw_end(&w);                            // closes the innermost
 *   oli_jw_end(&w);
 *   oli_jw_end(&w);
 *   if (oli_jw_finish(&w) != 0) ...            // newline; -1 on a write error
 *
 * `key` names the member inside an object and must be NULL inside an array
 * or at the top. A LINES container puts each member on its own line,
 * indented two spaces per level; an INLINE one (and everything in it) keeps
 * its members on one line, ", "-separated. Keys are escaped like values. */
#define OLI_JW_MAX_DEPTH 16
typedef enum oli_jw_style_e { OLI_JW_LINES = 0, OLI_JW_INLINE = 1 } oli_jw_style_t;
typedef struct oli_jw_s {
  FILE *f;
  int depth;
  int inline_from;                    /* depth of the outermost inline container; 0 none */
  unsigned char count[OLI_JW_MAX_DEPTH]; /* members written so far (saturating) */
  unsigned char is_array[OLI_JW_MAX_DEPTH];
  int err;                            /* a write failed or the nesting was wrong */
  int compact;                        /* set after init: no blanks or newlines at all */
} oli_jw_t;
void oli_jw_init(oli_jw_t *w, FILE *f);
void oli_jw_object(oli_jw_t *w, const char *key, oli_jw_style_t style);
void oli_jw_array(oli_jw_t *w, const char *key, oli_jw_style_t style);
void oli_jw_end(oli_jw_t *w);
void oli_jw_str(oli_jw_t *w, const char *key, const char *s); /* NULL: null */
void oli_jw_u64(oli_jw_t *w, const char *key, uint64_t v);
void oli_jw_i64(oli_jw_t *w, const char *key, int64_t v);
void oli_jw_double(oli_jw_t *w, const char *key, double v, int digits); /* %.<digits>g; NaN/inf: null */
void oli_jw_bool(oli_jw_t *w, const char *key, int v);
void oli_jw_null(oli_jw_t *w, const char *key);
/* After the top-level value: a newline, flush errors; 0 ok, -1 (errno kept). */
int oli_jw_finish(oli_jw_t *w);

#ifdef __cplusplus
}
#endif
#endif /* OLI_COMMON_JSON_H */
