/* test/cli/test-siterec.c - the oli_sites record iterator on hand-built buffers. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "siterec.h"
#include "testhelper.h"

/* Append one record at buf+off; returns its size. */
static size_t put(unsigned char *buf, size_t off, uint64_t id, uint8_t kind, const char *file,
                  const char *func, const char *name) {
  size_t fl = strlen(file), fn = strlen(func), nl = strlen(name);
  size_t size = (OLI_SITE_HEADER_SIZE + fl + fn + nl + 3 + 7) / 8 * 8;
  __oli_site_t h;
  memset(&h, 0, sizeof h);
  h.magic = OLI_SITE_MAGIC;
  h.size = (uint16_t)size;
  h.kind = kind;
  h.flags = OLI_SITE_F_HAS_LINE | OLI_SITE_F_SIZE_KNOWN;
  h.id = id;
  h.size_hint = 4096 * id;
  h.line = 10 + (uint32_t)id;
  h.rel = (uint32_t)id;
  h.file_len = (uint16_t)fl;
  h.func_len = (uint16_t)fn;
  h.name_len = (uint16_t)nl;
  memset(buf + off, 0, size);
  memcpy(buf + off, &h, OLI_SITE_HEADER_SIZE);
  char *s = (char *)buf + off + OLI_SITE_HEADER_SIZE;
  memcpy(s, file, fl);
  memcpy(s + fl + 1, func, fn);
  memcpy(s + fl + fn + 2, name, nl);
  return size;
}

static int walk(const unsigned char *b, size_t n, int *count, char *why) {
  oli_siterec_iter_t it;
  oli_siterec_t r;
  int rc;
  *count = 0;
  oli_siterec_iter_init(&it, b, b ? b + n : NULL);
  while ((rc = oli_siterec_next(&it, &r, why, 200)) > 0) (*count)++;
  return rc;
}

int main(void) {
  static unsigned char store[4096 + 1];
  unsigned char *buf = store + 1; /* deliberately misaligned */
  char why[200];
  int n;
  size_t off = 0;
  off += put(buf, off, 1, OLI_KIND_MALLOC, "a.c", "main", "grid");
  memset(buf + off, 0, 16); /* padding between two modules */
  off += 16;
  off += put(buf, off, 2, OLI_KIND_GLOBAL, "b/c.f90", "", "");
  off += put(buf, off, 3, OLI_KIND_NEW_ARRAY, "x.cc", "f", "v");

  oli_siterec_iter_t it;
  oli_siterec_t r;
  oli_siterec_iter_init(&it, buf, buf + off);
  CHECK_EQ("first record", oli_siterec_next(&it, &r, why, sizeof why), 1);
  CHECK_EQ("id", r.id, 1);
  CHECK_STR("file", r.file, "a.c");
  CHECK_STR("function", r.function, "main");
  CHECK_STR("name", r.name, "grid");
  CHECK_EQ("line", r.line, 11);
  CHECK_EQ("size hint", r.size_hint, 4096);
  CHECK_EQ("offset", r.offset, 0);
  CHECK_EQ("second record after zero padding", oli_siterec_next(&it, &r, why, sizeof why), 1);
  CHECK_EQ("second id", r.id, 2);
  CHECK_STR("empty function", r.function, "");
  CHECK_STR("empty name", r.name, "");
  CHECK_STR("kind name", oli_kind_name(r.kind), "global");
  CHECK_EQ("third", oli_siterec_next(&it, &r, why, sizeof why), 1);
  CHECK_EQ("end", oli_siterec_next(&it, &r, why, sizeof why), 0);

  CHECK("empty buffer", walk(buf, 0, &n, why) == 0 && n == 0);
  CHECK("NULL buffer", walk(NULL, 0, &n, why) == 0 && n == 0);
  static unsigned char zeros[64];
  CHECK("all zero", walk(zeros, sizeof zeros, &n, why) == 0 && n == 0);

  /* truncated: cut inside the last record */
  CHECK("truncated record", walk(buf, off - 8, &n, why) == -1 && n == 2 && strstr(why, "runs past") != NULL);
  CHECK("truncated header", walk(buf, 20, &n, why) == -1 && strstr(why, "truncated header") != NULL);
  /* bad magic */
  unsigned char b2[256];
  size_t s = put(b2, 0, 7, OLI_KIND_MALLOC, "f.c", "g", "h");
  b2[0] ^= 0xff;
  CHECK("bad magic", walk(b2, s, &n, why) == -1 && strstr(why, "bad magic") != NULL);
  /* size not a multiple of 8 / below the header */
  put(b2, 0, 7, OLI_KIND_MALLOC, "f.c", "g", "h");
  uint16_t bad = 52;
  memcpy(b2 + 4, &bad, 2);
  CHECK("size not multiple of 8", walk(b2, s, &n, why) == -1 && strstr(why, "bad size 52") != NULL);
  bad = 40;
  memcpy(b2 + 4, &bad, 2);
  CHECK("size below header", walk(b2, s, &n, why) == -1 && strstr(why, "bad size 40") != NULL);
  /* string lengths that do not fit, or without their NUL */
  put(b2, 0, 7, OLI_KIND_MALLOC, "f.c", "g", "h");
  uint16_t big = 200;
  memcpy(b2 + 32, &big, 2);
  CHECK("file_len too long", walk(b2, s, &n, why) == -1 && strstr(why, "do not fit") != NULL);
  put(b2, 0, 7, OLI_KIND_MALLOC, "f.c", "g", "h");
  uint16_t two = 2;
  memcpy(b2 + 32, &two, 2);
  CHECK("file_len short of its NUL", walk(b2, s, &n, why) == -1 && strstr(why, "NUL") != NULL);
  put(b2, 0, 7, OLI_KIND_MALLOC, "f.c", "g", "h");
  b2[6] = 99;
  CHECK("unknown kind", walk(b2, s, &n, why) == -1 && strstr(why, "unknown kind 99") != NULL);
  /* stray non-zero tail shorter than a word */
  s = put(b2, 0, 7, OLI_KIND_MALLOC, "f.c", "g", "h");
  memset(b2 + s, 0, 8);
  b2[s + 2] = 1;
  CHECK("stray tail", walk(b2, s + 4, &n, why) == -1 && strstr(why, "stray") != NULL);
  CHECK("zero tail ok", (b2[s + 2] = 0, walk(b2, s + 4, &n, why)) == 0 && n == 1);

  /* the static estimate block: right after the strings (padded to 8), when the record has room */
  unsigned char b3[256];
  s = put(b3, 0, 9, OLI_KIND_MALLOC, "f.c", "g", "h"); /* 48 + 8 bytes of strings */
  __oli_site_static_t st = {OLI_SITE_STATIC_VERSION, OLI_SITE_STATIC_SIZE, OLI_PATTERN_GATHER, OLI_CONFIDENCE_MEDIUM,
                            OLI_STATIC_F_GUESSED, {10, 0, 85}, 3.5f, 28.0f};
  memcpy(b3 + s, &st, sizeof st);
  uint16_t grown = (uint16_t)(s + OLI_SITE_STATIC_SIZE);
  memcpy(b3 + 4, &grown, 2);
  oli_siterec_iter_init(&it, b3, b3 + grown);
  CHECK_EQ("static: record read", oli_siterec_next(&it, &r, why, sizeof why), 1);
  CHECK("static: block read", r.has_static && r.st.pattern == OLI_PATTERN_GATHER && r.st.confidence == OLI_CONFIDENCE_MEDIUM &&
                                  r.st.intensity == 3.5f && r.st.passes == 28.0f && r.st.share[2] == 85);
  oli_siterec_t fromrec;
  CHECK("static: the record in memory decoded alone",
        oli_siterec_decode(b3, grown, 0, &fromrec, why, sizeof why) == 1 && fromrec.st.passes == 28.0f);
  CHECK_STR("pattern name", oli_access_pattern_name(r.st.pattern), "gather");
  CHECK_STR("confidence name", oli_confidence_name(r.st.confidence), "medium");
  CHECK_STR("pattern name out of range", oli_access_pattern_name(99), "unknown");
  oli_access_pattern_t pat;
  oli_confidence_t conf;
  CHECK("pattern and confidence names parse back", oli_access_pattern_parse("strided", &pat) == 0 &&
                                                       pat == OLI_PATTERN_STRIDED &&
                                                       oli_confidence_parse("high", &conf) == 0 &&
                                                       conf == OLI_CONFIDENCE_HIGH &&
                                                       oli_access_pattern_parse("Strided", &pat) == -1);
  b3[s + 2] = 9; /* pattern 9 */
  CHECK("static: bad pattern", walk(b3, grown, &n, why) == -1 && strstr(why, "pattern 9") != NULL);
  CHECK("static: bad pattern, decoded alone either", oli_siterec_decode(b3, grown, 0, &fromrec, why, sizeof why) == -1);
  b3[s + 2] = OLI_PATTERN_GATHER, b3[s] = 0; /* version 0 */
  CHECK("static: version 0", walk(b3, grown, &n, why) == -1 && strstr(why, "version 0") != NULL);
  b3[s] = 2; /* a later version with the same first fields: read */
  CHECK("static: a later version is read", walk(b3, grown, &n, why) == 0 && n == 1);
  /* a damaged estimate is refused, never handed to the planner's conversions */
  float badf[] = {-1.0f, NAN, INFINITY};
  for (int i = 0; i < 3; i++) {
    char label[80];
    __oli_site_static_t bad = st;
    bad.intensity = badf[i];
    memcpy(b3 + s, &bad, sizeof bad);
    snprintf(label, sizeof label, "static: intensity %g refused", (double)badf[i]);
    CHECK(label, walk(b3, grown, &n, why) == -1 && strstr(why, "intensity") != NULL);
    bad = st;
    bad.passes = badf[i];
    memcpy(b3 + s, &bad, sizeof bad);
    snprintf(label, sizeof label, "static: passes %g refused", (double)badf[i]);
    CHECK(label, walk(b3, grown, &n, why) == -1 && strstr(why, "passes") != NULL);
  }
  __oli_site_static_t over = st;
  over.share[2] = 200;
  memcpy(b3 + s, &over, sizeof over);
  CHECK("static: a share above 100% refused", walk(b3, grown, &n, why) == -1 && strstr(why, "shares 10, 0, 200") != NULL);
  memcpy(b3 + s, &st, sizeof st);
  CHECK("static: a sound block still read", walk(b3, grown, &n, why) == 0 && n == 1);
  memcpy(b3 + 4, &(uint16_t){(uint16_t)s}, 2); /* a record that stops after its strings: no estimate */
  oli_siterec_iter_init(&it, b3, b3 + s);
  CHECK("static: none without room", oli_siterec_next(&it, &r, why, sizeof why) == 1 && !r.has_static);

  /* kind names round-trip */
  int rt = 1;
  for (unsigned k = 1; k <= OLI_KIND_MAX_; k++) {
    oli_site_kind_t back;
    rt &= oli_kind_parse(oli_kind_name(k), &back) == 0 && back == k;
  }
  CHECK("kind names round-trip", rt);
  CHECK_STR("kind 0", oli_kind_name(0), "unknown");
  CHECK_STR("new[]", oli_kind_name(OLI_KIND_NEW_ARRAY), "new[]");
  return TEST_SUMMARY();
}
