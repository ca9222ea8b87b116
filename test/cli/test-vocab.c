/* test/cli/test-vocab.c - the vocabulary (include/oli_vocab.def,
 * common/vocab.c): every row's name parses back to the row, lists are the
 * rows in order, unknown values get "unknown", and the user documentation
 * lists every row, so a row added to the table without its docs fails here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grammar.h"
#include "oli_vocab.h"
#include "testhelper.h"

#ifndef OLI_SOURCE_DIR
#define OLI_SOURCE_DIR "."
#endif

/* The first line of file (relative to the source tree) containing marker;
 * NULL when none. Static buffer. */
static const char *doc_line(const char *file, const char *marker) {
  static char line[8192];
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", OLI_SOURCE_DIR, file);
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  const char *found = NULL;
  while (!found && fgets(line, sizeof line, f))
    if (strstr(line, marker)) found = line;
  fclose(f);
  return found;
}

static int name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '[' || c == ']';
}

/* word appears in s as a whole name (not inside a longer one). */
static int has_word(const char *s, const char *word) {
  size_t n = strlen(word);
  for (const char *p = s; s && (p = strstr(p, word)) != NULL; p++)
    if ((p == s || !name_char(p[-1])) && !name_char(p[n])) return 1;
  return 0;
}

/* Every name of a table on the doc line found by marker. */
#define CHECK_DOC(what, file, marker, count, name_of)                                         \
  do {                                                                                        \
    const char *l_ = doc_line(file, marker);                                                  \
    CHECK(what ": the line is there", l_ != NULL);                                            \
    for (int i_ = 0; l_ && i_ < (count); i_++)                                                \
      if (!has_word(l_, name_of)) {                                                           \
        CHECK(what ": lists every row", 0);                                                   \
        fprintf(stderr, "     %s, line with '%s', lacks '%s'\n", file, marker, name_of);      \
      }                                                                                       \
  } while (0)

int main(void) {
  /* round trips */
  int ok = 1;
  for (unsigned k = 1; k <= OLI_KIND_MAX_; k++) {
    oli_site_kind_t back;
    ok &= oli_kind_parse(oli_kind_name(k), &back) == 0 && back == k && oli_kind_info(k)->num == k;
  }
  CHECK("kinds round-trip", ok);
  CHECK("kind 0 and past the end", !oli_kind_info(0) && !oli_kind_info(OLI_KIND_MAX_ + 1) &&
                                       !strcmp(oli_kind_name(OLI_KIND_MAX_ + 1), "unknown"));
  ok = 1;
  for (int p = 0; p < OLI_PLACE_COUNT_; p++) {
    oli_placement_t back;
    ok &= oli_placement_parse(oli_placement_name((oli_placement_t)p), &back) == 0 && (int)back == p;
  }
  CHECK("placements round-trip", ok);
  ok = 1;
  for (int p = 0; p < OLI_POLICY_COUNT_; p++) {
    oli_policy_t back;
    ok &= oli_policy_parse(oli_policy_name((oli_policy_t)p), &back) == 0 && (int)back == p;
  }
  CHECK("policies round-trip", ok);
  ok = 1;
  for (int t = 0; t < OLI_TIER_COUNT_; t++) {
    oli_tier_t back;
    ok &= oli_tier_parse(oli_tier_name((oli_tier_t)t), &back) == 0 && (int)back == t;
  }
  CHECK("tiers round-trip", ok);
  ok = 1;
  for (int a = 0; a < OLI_ACCESS_COUNT_; a++) {
    oli_access_source_t back;
    ok &= oli_access_source_parse(oli_access_source_name((oli_access_source_t)a), &back) == 0 && (int)back == a;
  }
  CHECK("access sources round-trip", ok);
  oli_policy_t pol;
  CHECK("policy words are case-insensitive", oli_policy_parse("CXL", &pol) == 0 && pol == OLI_POLICY_CXL);
  oli_placement_t pl;
  CHECK("placement names are exact", oli_placement_parse("DRAM", &pl) == -1 && oli_placement_parse(NULL, &pl) == -1);
  CHECK_STR("reason past the end", oli_reason_name((oli_reason_t)OLI_WHY_COUNT_), "unknown");
  CHECK_STR("mechanism name", oli_mechanism_name(OLI_MECH_PAGE_RUNS), "page-runs");
  CHECK_STR("warning name", oli_warning_name(W_NO_WI), "no_wi");
  CHECK_STR("task policy mode name", oli_task_policy_mode_name(OLI_TASK_POLICY_WEIGHTED_INTERLEAVE),
            "weighted-interleave");
  CHECK_STR("task policy mode past the end", oli_task_policy_mode_name((oli_task_policy_mode_t)OLI_TASK_POLICY_COUNT_),
            "unknown");
  CHECK("node tiers precede the default tier", OLI_NODE_TIERS == OLI_TIER_DEFAULT && OLI_TIER_DRAM == 0);
  CHECK("a fixed policy's placement", oli_policy_placement(OLI_POLICY_CXL) == OLI_PLACE_CXL &&
                                          !oli_policy_is_rule(OLI_POLICY_CXL) && oli_policy_is_rule(OLI_POLICY_OLI));
  ok = 1;
  for (int p = 0; p < OLI_POLICY_COUNT_; p++) /* uniform alone sets the process's task policy */
    ok &= oli_policy_whole_process((oli_policy_t)p) == (p == OLI_POLICY_UNIFORM);
  CHECK("the whole-process policy", ok && !oli_policy_whole_process((oli_policy_t)OLI_POLICY_COUNT_));
  uint32_t dw[OLI_NODE_TIERS];
  char rb[40];
  oli_default_ratio(dw);
  CHECK_STR("the default ratio", oli_format_ratio(dw, rb, sizeof rb), "3:1");
  char buf[256];
  CHECK_STR("policy list", oli_policy_list(buf, sizeof buf), "oli, uniform, dram, cxl, off, rdram");
  CHECK_STR("placement list", oli_placement_list(buf, sizeof buf, 1), "dram, interleave, cxl, rdram, default");
  CHECK_STR("placement list, placed only", oli_placement_list(buf, sizeof buf, 0), "dram, interleave, cxl, rdram");
  CHECK_STR("short buffer stays terminated", oli_policy_list(buf, 6), "oli, ");

  /* the docs list every row */
  CHECK_DOC("README OLI_POLICY", "README.md", "| `OLI_POLICY` |", OLI_POLICY_COUNT_, oli_policy_name((oli_policy_t)i_));
  CHECK_DOC("runtime.md OLI_POLICY", "docs/runtime.md", "| `OLI_POLICY` | `", OLI_POLICY_COUNT_,
            oli_policy_name((oli_policy_t)i_));
  for (int p = 0; p < OLI_POLICY_COUNT_; p++) {
    char row[64];
    snprintf(row, sizeof row, "| `%s` |", oli_policy_name((oli_policy_t)p));
    CHECK_DOC("runtime.md Policies table", "docs/runtime.md", row, 1, oli_policy_name((oli_policy_t)p));
  }
  for (int r = 0; r < OLI_WHY_COUNT_; r++) {
    char row[64];
    snprintf(row, sizeof row, "| %s |", oli_reason_name((oli_reason_t)r));
    CHECK_DOC("runtime.md reason table", "docs/runtime.md", row, 1, oli_reason_name((oli_reason_t)r));
  }
  CHECK_DOC("report-schema kind", "docs/report-schema.md", "| `kind` |", OLI_KIND_MAX_, oli_kind_name(i_ + 1));
  CHECK_DOC("report-schema decision", "docs/report-schema.md", "| `decision` |", OLI_PLACE_COUNT_,
            oli_placement_name((oli_placement_t)i_));
  CHECK_DOC("report-schema mechanism", "docs/report-schema.md", "| `mechanism` |", OLI_MECH_COUNT_,
            oli_mechanism_name((oli_mechanism_t)i_));
  /* task_policy is null for NONE: the documented modes are the others */
  CHECK_DOC("report-schema task_policy mode", "docs/report-schema.md", "| `task_policy` |", OLI_TASK_POLICY_COUNT_ - 1,
            oli_task_policy_mode_name((oli_task_policy_mode_t)(i_ + 1)));
  CHECK_DOC("runtime.md OLI_PROFILE_SOURCE", "docs/runtime.md", "| `OLI_PROFILE_SOURCE` |", OLI_ACCESS_COUNT_,
            oli_access_source_name((oli_access_source_t)i_));
  return TEST_SUMMARY();
}
