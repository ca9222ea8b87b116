/* fuzz-json.c - libFuzzer target for the strict JSON reader (common/json_read.c),
 * which reads every plan, profile and report oli is given.
 *
 * Input: arbitrary bytes parsed as a document. The first byte (when present)
 * also picks tight limits and an allocator that fails after a few calls, so
 * the error and out-of-memory paths run too. A parsed document is walked
 * completely with every accessor and every string is escaped back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

static size_t alloc_budget;
static void *failing_alloc(size_t n) {
  if (alloc_budget == 0) return NULL;
  alloc_budget--;
  return malloc(n);
}

static void walk(const oli_json_t *v, int depth) {
  char small[8], big[256];
  uint64_t u;
  int64_t i;
  double d;
  int b;
  if (v == NULL) return;
  if (depth > 200) abort(); /* the reader promised a depth limit */
  (void)oli_json_type_name(v->type);
  (void)oli_json_u64(v, &u);
  (void)oli_json_i64(v, &i);
  (void)oli_json_double(v, &d);
  (void)oli_json_bool(v, &b);
  const char *s = oli_json_str(v);
  if (s != NULL) {
    if (strlen(s) != v->u.str.len) abort(); /* \u0000 is rejected: no inner NUL */
    size_t need = oli_json_escape(small, sizeof small, s);
    if (strlen(small) >= sizeof small) abort();
    if (need < sizeof big) {
      size_t again = oli_json_escape(big, sizeof big, s);
      if (again != need || strlen(big) != need) abort();
    }
  }
  if (v->key != NULL) {
    if (strlen(v->key) != v->key_len) abort();
    (void)oli_json_escape(big, sizeof big, v->key);
  }
  size_t n = 0;
  for (const oli_json_t *c = oli_json_first(v); c; c = c->next, n++) {
    if (v->type == OLI_JSON_OBJECT) {
      if (c->key == NULL || oli_json_get(v, c->key) != c) abort(); /* duplicates are rejected */
    }
    walk(c, depth + 1);
  }
  if (n != oli_json_count(v)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  oli_json_error_t err;
  oli_json_doc_t *doc = oli_json_parse((const char *)data, size, NULL, &err);
  if (doc != NULL) {
    const oli_json_t *root = oli_json_root(doc);
    if (root == NULL) abort();
    walk(root, 0);
    oli_json_free(doc);
  } else if (memchr(err.msg, '\0', sizeof err.msg) == NULL || strchr(err.msg, '\n') != NULL) {
    abort(); /* one line, terminated */
  }
  if (size > 0) {
    oli_json_limits_t lim = {0};
    lim.max_depth = 1 + data[0] % 8;
    lim.max_bytes = size > 1 ? size - 1 : 1;
    if (data[0] & 0x80) {
      alloc_budget = data[0] & 0x1f;
      lim.alloc = failing_alloc;
      lim.release = free;
      lim.max_bytes = 0;
    }
    doc = oli_json_parse((const char *)data + 1, size - 1, &lim, &err);
    if (doc != NULL) walk(oli_json_root(doc), 0);
    oli_json_free(doc);
  }
  return 0;
}
