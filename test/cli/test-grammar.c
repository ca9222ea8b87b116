/* test-grammar: common/grammar.c, the grammars the runtime, the pass and
 * the CLI share: decimals (the number inside each), ratios, node lists and
 * site IDs, each with the inputs it must refuse. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "grammar.h"
#include "testhelper.h"

static int dec(const char *s, uint64_t max, uint64_t *v, size_t *used) {
  const char *p = s;
  int rc = oli_parse_decimal(&p, max, v);
  *used = (size_t)(p - s);
  return rc;
}

static const char *ratio(const char *s, uint32_t max) {
  static char buf[64];
  uint32_t w[OLI_NODE_TIERS] = {9, 9, 9};
  int parts = 0;
  if (oli_parse_ratio(s, max, w, &parts) != 0) return "bad";
  char r[40];
  oli_format_ratio(w, r, sizeof r);
  snprintf(buf, sizeof buf, "%s/%d", r, parts);
  return buf;
}

static const char *list(const char *s, uint64_t max) {
  static char buf[128];
  uint64_t bits = 0;
  int count = -1;
  if (oli_parse_list(s, &bits, 64, max, &count) != 0) return "bad";
  char l[100];
  snprintf(buf, sizeof buf, "%s/%d", oli_format_list(bits, l, sizeof l), count);
  return buf;
}

int main(void) {
  uint64_t v = 0;
  size_t used = 0;
  CHECK("decimal 4096", dec("4096K", UINT64_MAX, &v, &used) == 0 && v == 4096 && used == 4);
  CHECK("decimal at max", dec("255", 255, &v, &used) == 0 && v == 255);
  CHECK("decimal above max", dec("256", 255, &v, &used) == -1);
  /* one digit above a max below 9: max - d must not wrap */
  CHECK("digit above a small max", dec("5", 3, &v, &used) == -1);
  CHECK("zero with max 0", dec("0", 0, &v, &used) == 0 && v == 0);
  CHECK("UINT64_MAX", dec("18446744073709551615", UINT64_MAX, &v, &used) == 0 && v == UINT64_MAX);
  CHECK("UINT64_MAX + 1", dec("18446744073709551616", UINT64_MAX, &v, &used) == -1);
  CHECK("no digits", dec("x1", 9, &v, &used) == -1 && used == 0);
  CHECK("no sign", dec("-1", 9, &v, &used) == -1 && dec("+1", 9, &v, &used) == -1);

  CHECK_STR("ratio 3:1", ratio("3:1", 1000), "3:1/2");
  CHECK_STR("ratio 2:1:1", ratio("2:1:1", 1000), "2:1:1/3");
  CHECK_STR("ratio 0:1 (syntax only)", ratio("0:1", 1000), "0:1/2");
  CHECK_STR("ratio one part", ratio("3", 1000), "bad");
  CHECK_STR("ratio four parts", ratio("1:1:1:1", 1000), "bad");
  CHECK_STR("ratio blank", ratio("3: 1", 1000), "bad");
  CHECK_STR("ratio empty part", ratio("3::1", 1000), "bad");
  CHECK_STR("ratio trailing colon", ratio("3:1:", 1000), "bad");
  CHECK_STR("ratio above max", ratio("1001:1", 1000), "bad");
  CHECK_STR("ratio NULL", ratio(NULL, 1000), "bad");
  uint32_t a[OLI_NODE_TIERS] = {6, 2, 0}, b[OLI_NODE_TIERS] = {3, 1, 0}, c[OLI_NODE_TIERS] = {3, 2, 0};
  CHECK("6:2 is 3:1", oli_ratio_equal(a, b));
  CHECK("3:2 is not 3:1", !oli_ratio_equal(c, b));

  CHECK_STR("list 0-3,8", list("0-3,8", 63), "0-3,8/5");
  CHECK_STR("list with sysfs newline", list("1\n", 63), "1/1");
  CHECK_STR("empty list", list("", 63), "(none)/0");
  CHECK_STR("blank list", list(" \n", 63), "(none)/0");
  CHECK_STR("members above the bit count are counted", list("62-65", 100), "62-63/4");
  CHECK_STR("list above max", list("64", 63), "bad");
  CHECK_STR("range backwards", list("3-1", 63), "bad");
  CHECK_STR("trailing comma", list("0,", 63), "bad");
  CHECK_STR("double comma", list("0,,1", 63), "bad");
  CHECK_STR("garbage", list("0;1", 63), "bad");
  char fl[16];
  CHECK_STR("format into a short buffer", oli_format_list(0xffull, fl, 4), "0-7");

  CHECK("site ID 16 digits", oli_parse_site_id("0x3f2a9c0d11e4b5a7", &v) == 0 && v == 0x3f2a9c0d11e4b5a7ull);
  CHECK("site ID upper case", oli_parse_site_id("0X3F", &v) == 0 && v == 0x3f);
  CHECK("site ID 17 digits", oli_parse_site_id("0x13f2a9c0d11e4b5a7", &v) == -1);
  CHECK("site ID no digits", oli_parse_site_id("0x", &v) == -1);
  CHECK("site ID no prefix", oli_parse_site_id("3f2a", &v) == -1);
  CHECK("site ID not hex", oli_parse_site_id("0x3g", &v) == -1);
  char id[OLI_SITE_ID_LEN];
  CHECK_STR("site ID as documents write it", oli_format_site_id(0x3f, id), "0x000000000000003f");
  return TEST_SUMMARY();
}
