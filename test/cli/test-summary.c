/* test/cli/test-summary.c - access summaries (common/summary.c): the writer's
 * records read back, malformed ones refused, and the join on a hand-built
 * section: a site's object passed to kern#0 (10 calls) and stored into @g+0,
 * kern's use per call, @g's use under a root called 5 times from main. */
#include <stdint.h>
#include <string.h>

#include "summary.h"
#include "testhelper.h"

static unsigned char sec[4096];
static size_t len;

static void add(uint8_t what, uint64_t from, const char *from_key, const char *key, float w, float pb,
                float ex, const uint64_t *locals, unsigned nl) {
  oli_summary_t s;
  memset(&s, 0, sizeof s);
  s.what = what, s.from_site = from, s.from_key = from_key, s.key = key, s.weight = w, s.n_local = (uint16_t)nl;
  s.per_byte[0] = pb, s.execs[0] = ex, s.passes_per_byte = 8 * pb, s.moved = 8 * ex, s.accesses = 1;
  len += oli_summary_write(&s, locals, sec + len, sizeof sec - len);
}

int main(void) {
  const uint64_t site = 0x1234, other = 0x99;
  add(OLI_SUMMARY_EDGE, site, "", "kern#0", 10, 0, 0, NULL, 0);
  add(OLI_SUMMARY_EDGE, site, "", "@g+0", 1, 0, 0, NULL, 0);
  add(OLI_SUMMARY_USE, 0, "", "kern#0", 0, 0.125f, 0, NULL, 0);        /* one pass per call */
  add(OLI_SUMMARY_USE, 0, "step()", "@g+0", 0, 0.125f, 0, NULL, 0);    /* one pass per call of step */
  add(OLI_SUMMARY_EDGE, 0, "main()", "step()", 5, 0, 0, NULL, 0);
  add(OLI_SUMMARY_USE, 0, "main()", "@g+0", 0, 0.125f, 0, &site, 1);   /* counted by the site already */
  add(OLI_SUMMARY_EDGE, other, "", "printf#1", 1, 0, 0, NULL, 0);
  char why[200] = "";
  CHECK("the section reads back", oli_summary_check(sec, sec + len, why, sizeof why) == 0);
  oli_summary_t r;
  CHECK("first record", oli_summary_decode(sec, len, 0, &r, why, sizeof why) == 1 && r.what == OLI_SUMMARY_EDGE &&
                            r.from_site == site && strcmp(r.key, "kern#0") == 0 && r.weight == 10);
  oli_summary_buf_t b = {sec, len};
  __oli_site_static_t local = {1, 16, OLI_PATTERN_STREAMING, OLI_CONFIDENCE_LOW, OLI_STATIC_F_KEYED, {100, 0, 0},
                               0.125f, 1.0f};
  __oli_site_static_t out;
  int keys = oli_summary_join(&b, 1, site, 0, &local, &out);
  /* 1 (own) + 10 x 1 (kern) + 5 x 1 (@g under step) = 16 passes; main's use of @g is the site's own */
  CHECK("two keys joined", keys == 2);
  CHECK("passes add up", out.passes > 15.99f && out.passes < 16.01f);
  CHECK("streaming, high, joined", out.pattern == OLI_PATTERN_STREAMING && out.confidence == OLI_CONFIDENCE_HIGH &&
                                       (out.flags & OLI_STATIC_F_JOINED) && !(out.flags & OLI_STATIC_F_ESCAPES));
  local.flags = OLI_STATIC_F_KEYED;
  CHECK("a key no module summarises escapes",
        oli_summary_join(&b, 1, other, 0, &local, &out) == 0 && out.passes == local.passes);
  local.flags = 0;
  CHECK("not keyed: unchanged", oli_summary_join(&b, 1, site, 0, &local, &out) == 0 && out.passes == 1.0f);
  unsigned char bad[sizeof sec];
  memcpy(bad, sec, len);
  bad[0] ^= 1;
  CHECK("bad magic refused", oli_summary_check(bad, bad + len, why, sizeof why) < 0 && strstr(why, "magic"));
  memcpy(bad, sec, len);
  bad[4] = 7; /* size not a multiple of 8 */
  CHECK("bad size refused", oli_summary_check(bad, bad + len, why, sizeof why) < 0 && strstr(why, "size"));
  CHECK("truncated refused", oli_summary_check(sec, sec + len - 8, why, sizeof why) < 0);
  return TEST_SUMMARY();
}
