/* test/cli/test-json.c - the common JSON reader and string escaper. */
#include <stdint.h>
#include <string.h>

#include "json.h"
#include "testhelper.h"

static oli_json_doc_t *P(const char *s, oli_json_error_t *e) {
  return oli_json_parse(s, strlen(s), NULL, e);
}

/* Parse must fail with a message containing `want`. */
static int fails_with(const char *s, const char *want) {
  oli_json_error_t e;
  oli_json_doc_t *d = P(s, &e);
  if (d) { oli_json_free(d); fprintf(stderr, "     parsed: %s\n", s); return 0; }
  if (!strstr(e.msg, want)) { fprintf(stderr, "     msg '%s' lacks '%s'\n", e.msg, want); return 0; }
  return 1;
}

int main(void) {
  oli_json_error_t e;
  oli_json_doc_t *d = P("{\"a\": 1, \"b\": [true, false, null], \"s\": \"x\\\"y\\u00e9\\ud83d\\ude00\","
                        " \"big\": 18446744073709551615, \"neg\": -9223372036854775808,"
                        " \"f\": 2.5e3, \"huge\": 18446744073709551616}", &e);
  CHECK("parses a mixed object", d != NULL);
  const oli_json_t *r = oli_json_root(d);
  uint64_t u = 0;
  int64_t i = 0;
  double f = 0;
  CHECK_EQ("object members", oli_json_count(r), 7);
  CHECK("a is 1", oli_json_u64(oli_json_get(r, "a"), &u) == 0 && u == 1);
  CHECK_EQ("array length", oli_json_count(oli_json_get(r, "b")), 3);
  CHECK_EQ("array[0] is bool", oli_json_first(oli_json_get(r, "b"))->type, OLI_JSON_BOOL);
  CHECK_STR("escapes decoded", oli_json_str(oli_json_get(r, "s")), "x\"y\xc3\xa9\xf0\x9f\x98\x80");
  CHECK("u64 max exact", oli_json_u64(oli_json_get(r, "big"), &u) == 0 && u == UINT64_MAX);
  CHECK("i64 min exact", oli_json_i64(oli_json_get(r, "neg"), &i) == 0 && i == INT64_MIN);
  CHECK("negative is out of u64 range", oli_json_u64(oli_json_get(r, "neg"), &u) == -2);
  CHECK("2.5e3 as double", oli_json_double(oli_json_get(r, "f"), &f) == 0 && f == 2500.0);
  CHECK("2.5e3 is an integral u64", oli_json_u64(oli_json_get(r, "f"), &u) == 0 && u == 2500);
  CHECK("2^64 is out of range", oli_json_u64(oli_json_get(r, "huge"), &u) == -2);
  CHECK("missing key", oli_json_get(r, "zz") == NULL);
  CHECK("u64 of a string is -1", oli_json_u64(oli_json_get(r, "s"), &u) == -1);
  CHECK_EQ("value line", oli_json_get(r, "a")->line, 1);
  oli_json_free(d);

  d = P("{\n  \"x\": 1,\n  \"y\" 2\n}", &e);
  CHECK("missing colon fails", d == NULL);
  CHECK_STR("error names line and column", e.msg, "line 3, column 7: expected ':', found '2'");
  CHECK_EQ("error line", e.line, 3);

  CHECK("empty", fails_with("", "empty input"));
  CHECK("blank", fails_with("  \n ", "empty input"));
  CHECK("truncated object", fails_with("{\"a\": [1, 2", "unexpected end of input"));
  CHECK("truncated string", fails_with("{\"a\": \"abc", "end of input inside a string"));
  CHECK("trailing comma", fails_with("[1, 2,]", "trailing ','"));
  CHECK("missing comma", fails_with("[1 2]", "expected ',' or ']'"));
  CHECK("garbage after", fails_with("{} x", "after the JSON value"));
  CHECK("duplicate key", fails_with("{\"a\":1,\"a\":2}", "duplicate member \"a\""));
  CHECK("leading zero", fails_with("[01]", "leading zeros"));
  CHECK("NaN", fails_with("[NaN]", "expected a value"));
  CHECK("1e999", fails_with("[1e999]", "out of range"));
  CHECK("raw newline in string", fails_with("[\"a\nb\"]", "control character"));
  CHECK("bad escape", fails_with("[\"\\x\"]", "bad escape"));
  CHECK("\\u0000", fails_with("[\"\\u0000\"]", "not allowed"));
  CHECK("lone surrogate", fails_with("[\"\\udc00\"]", "surrogate"));
  CHECK("not json", fails_with("hello", "expected a value"));
  CHECK("trueish", fails_with("[truex]", "expected a value"));
  CHECK("comment", fails_with("// x\n{}", "expected a value"));
  CHECK("no digit after minus", fails_with("[-]", "expected a digit"));

  char deep[300];
  memset(deep, '[', 100);
  memset(deep + 100, ']', 100);
  deep[200] = '\0';
  CHECK("depth 100 rejected by default", fails_with(deep, "nesting deeper than 64"));
  oli_json_limits_t lim = {.max_depth = 128};
  d = oli_json_parse(deep, 200, &lim, &e);
  CHECK("depth 100 allowed with limit 128", d != NULL);
  oli_json_free(d);
  lim = (oli_json_limits_t){.max_bytes = 10};
  CHECK("size limit", oli_json_parse("[1,2,3,4,5,6]", 13, &lim, &e) == NULL &&
                          strstr(e.msg, "larger than 10") != NULL);

  /* many members: forces several arena chunks */
  size_t big_n = 200000;
  char *big = malloc(big_n * 12 + 16);
  size_t k = 0;
  big[k++] = '[';
  for (size_t j = 0; j < big_n; j++) k += (size_t)sprintf(big + k, "%s%zu", j ? "," : "", j);
  big[k++] = ']';
  d = oli_json_parse(big, k, NULL, &e);
  CHECK("200000-element array", d != NULL && oli_json_count(oli_json_root(d)) == big_n);
  oli_json_free(d);
  free(big);

  /* an object with 100000 members: duplicate check is not quadratic; a duplicate deep inside is found */
  size_t obj_n = 100000;
  char *ob = malloc(obj_n * 24 + 64);
  k = 0;
  ob[k++] = '{';
  for (size_t j = 0; j < obj_n; j++) k += (size_t)sprintf(ob + k, "%s\"k%zu\":%zu", j ? "," : "", j, j);
  ob[k++] = '}';
  d = oli_json_parse(ob, k, NULL, &e);
  CHECK("100000-member object", d != NULL && oli_json_count(oli_json_root(d)) == obj_n);
  uint64_t last = 0;
  CHECK("member lookup", oli_json_u64(oli_json_get(oli_json_root(d), "k99999"), &last) == 0 && last == 99999);
  oli_json_free(d);
  memcpy(ob + k - 1, ",\"k77\":1}", 10);
  d = oli_json_parse(ob, k + 9, NULL, &e);
  CHECK("duplicate among 100000 members", d == NULL && strstr(e.msg, "duplicate member \"k77\"") != NULL);
  oli_json_free(d);
  free(ob);
  CHECK("17 members, duplicate last", fails_with("{\"a\":0,\"b\":1,\"c\":2,\"d\":3,\"e\":4,\"f\":5,\"g\":6,\"h\":7,"
                                                "\"i\":8,\"j\":9,\"k\":10,\"l\":11,\"m\":12,\"n\":13,\"o\":14,\"p\":15,\"q\":16,\"a\":17}",
                                                "duplicate member \"a\" (first at line 1)"));

  /* one UTF-8 rule for every reader (common/text.h's oli_utf8_decode) */
  CHECK("invalid UTF-8 in a string refused", fails_with("[\"a\xc0\xaf\xff\"]", "invalid UTF-8 byte 0xc0 in string"));
  CHECK("stray continuation byte refused", fails_with("[\"\x9b\"]", "invalid UTF-8 byte 0x9b"));
  CHECK("surrogate as raw UTF-8 refused", fails_with("[\"\xed\xa0\x80\"]", "invalid UTF-8 byte 0xed"));
  CHECK("cut-short sequence refused", fails_with("[\"\xe2\x82\"]", "invalid UTF-8 byte 0xe2"));
  d = P("[\"gr\xc3\xb6\xc3\x9f\xe2\x82\xac\xf0\x9f\x98\x80\"]", &e);
  CHECK_STR("valid UTF-8 kept", d ? oli_json_str(oli_json_first(oli_json_root(d))) : NULL,
            "gr\xc3\xb6\xc3\x9f\xe2\x82\xac\xf0\x9f\x98\x80");
  oli_json_free(d);
  CHECK("file missing", oli_json_parse_file("/nonexistent/x.json", NULL, &e) == NULL &&
                            strstr(e.msg, "cannot open") != NULL);

  char buf[64];
  size_t need = oli_json_escape(buf, sizeof buf, "a\"b\\c\nd\x01");
  CHECK_STR("escape", buf, "\"a\\\"b\\\\c\\nd\\u0001\"");
  CHECK_EQ("escape length", need, strlen(buf));
  char small[5];
  need = oli_json_escape(small, sizeof small, "abcdef");
  CHECK_STR("escape truncates", small, "\"abc");
  CHECK_EQ("escape reports full length", need, 8);

  /* the writer's output is valid UTF-8 whatever the input: each invalid byte
   * becomes U+FFFD; C1, U+2028/U+2029 and bidirectional controls \uXXXX */
  oli_json_escape(buf, sizeof buf, "fu\nnc\x9b" "31m\xff\xc0\xaf");
  CHECK_STR("invalid bytes as \\ufffd", buf, "\"fu\\nnc\\ufffd31m\\ufffd\\ufffd\\ufffd\"");
  oli_json_escape(buf, sizeof buf, "a\xe2\x80\xae" "b\xe2\x80\xa8" "c\xc2\x9b" "d\xc3\xa9");
  CHECK_STR("U+202E, U+2028, C1 escaped; other UTF-8 kept", buf, "\"a\\u202eb\\u2028c\\u009bd\xc3\xa9\"");
  d = P("[\"a\\u202eb\\ufffd\"]", &e);
  CHECK_STR("escapes read back", d ? oli_json_str(oli_json_first(oli_json_root(d))) : NULL,
            "a\xe2\x80\xae" "b\xef\xbf\xbd");
  oli_json_free(d);

  /* round trip: escape, then parse back */
  const char *odd = "tab\there \"q\" back\\slash \x1f end";
  oli_json_escape(buf, sizeof buf, odd);
  d = P(buf, &e);
  CHECK_STR("round trip", d ? oli_json_str(oli_json_root(d)) : NULL, odd);
  oli_json_free(d);

  /* the writer: nesting, commas, layout, escaping of values and keys */
  char *out = NULL;
  size_t len = 0;
  FILE *mf = open_memstream(&out, &len);
  oli_jw_t w;
  oli_jw_init(&w, mf);
  oli_jw_object(&w, NULL, OLI_JW_LINES);
  oli_jw_str(&w, "s", "del\x7f nl\n q\" ctl\x1f");
  oli_jw_str(&w, "k\x01y", NULL);
  oli_jw_array(&w, "a", OLI_JW_LINES);
  oli_jw_object(&w, NULL, OLI_JW_INLINE);
  oli_jw_u64(&w, "u", UINT64_MAX);
  oli_jw_i64(&w, "i", INT64_MIN);
  oli_jw_double(&w, "d", 2.5, 6);
  oli_jw_double(&w, "nan", 0.0 / 0.0, 6);
  oli_jw_array(&w, "e", OLI_JW_INLINE);
  oli_jw_end(&w);
  oli_jw_end(&w);
  oli_jw_bool(&w, NULL, 1);
  oli_jw_end(&w);
  oli_jw_object(&w, "empty", OLI_JW_LINES);
  oli_jw_end(&w);
  oli_jw_end(&w);
  CHECK_EQ("writer: finished", oli_jw_finish(&w), 0);
  fclose(mf);
  CHECK_STR("writer: layout and escapes", out,
            "{\n  \"s\": \"del\\u007f nl\\n q\\\" ctl\\u001f\",\n  \"k\\u0001y\": null,\n  \"a\": [\n"
            "    {\"u\": 18446744073709551615, \"i\": -9223372036854775808, \"d\": 2.5, \"nan\": null, \"e\": []},\n"
            "    true\n  ],\n  \"empty\": {}\n}\n");
  d = out ? oli_json_parse(out, len, NULL, &e) : NULL;
  CHECK("writer: what it writes parses", d != NULL);
  CHECK_STR("writer: DEL and controls read back", d ? oli_json_str(oli_json_get(oli_json_root(d), "s")) : NULL,
            "del\x7f nl\n q\" ctl\x1f");
  oli_json_free(d);
  free(out);
  /* misuse is an error, not silently bad JSON */
  out = NULL;
  mf = open_memstream(&out, &len);
  oli_jw_init(&w, mf);
  oli_jw_array(&w, NULL, OLI_JW_INLINE);
  oli_jw_u64(&w, "key in an array", 1);
  oli_jw_end(&w);
  CHECK_EQ("writer: a key inside an array fails", oli_jw_finish(&w), -1);
  fclose(mf);
  free(out);
  out = NULL;
  mf = open_memstream(&out, &len);
  oli_jw_init(&w, mf);
  w.compact = 1;
  oli_jw_object(&w, NULL, OLI_JW_LINES);
  oli_jw_u64(&w, "a", 1);
  oli_jw_array(&w, "b", OLI_JW_LINES);
  oli_jw_null(&w, NULL);
  oli_jw_end(&w);
  CHECK_EQ("writer: an open object at the end fails", oli_jw_finish(&w), -1);
  fclose(mf);
  CHECK("writer: compact has no blanks", out && strcmp(out, "{\"a\":1,\"b\":[null]") == 0);
  free(out);
  return TEST_SUMMARY();
}
