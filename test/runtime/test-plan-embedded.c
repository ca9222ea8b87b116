/* test-plan-embedded: a plan embedded at compile time (pass option plan=FILE,
 * __oli_plan_embedded from the module constructor) is used when OLI_PLAN is
 * not set: lookup by ID, re-match by source location, match statistics and
 * the exit line "plan (embedded): ..."; a second identical plan is the same
 * plan, a different one a warning; OLI_PLAN overrides it; on a machine without
 * a CXL node its CXL shares are said to stay on DRAM. Each case runs in a
 * forked child so its environment and exit line are its own. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

static const char text[] =
    "{\"schema\":\"oli-plan\",\"version\":1,\"sites\":["
    "{\"id\":\"0xa1\",\"decision\":\"interleave\",\"ratio\":\"3:1\"},"
    "{\"id\":\"0xb1\",\"decision\":\"cxl\",\"file\":\"k.c\",\"function\":\"main\",\"rel\":7,\"kind\":\"malloc\"},"
    "{\"id\":\"0xc1\",\"decision\":\"dram\",\"file\":\"gone.c\",\"function\":\"f\",\"rel\":1,\"line\":7}]}";
static const char other[] = "{\"schema\":\"oli-plan\",\"version\":1,\"sites\":[]}";

/* Runs fn in a child with stderr captured into out; returns its exit status. */
static int child(int (*fn)(void), char *out, size_t n) {
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid < 0) return -1;
  if (pid == 0) {
    _oli_set_output(NULL, NULL);
    setenv("OLI_POLICY", "oli", 1); /* plans apply under the rule */
    setenv("OLI_SYSFS_ROOT", OLI_TEST_DATA "/kernel-wi", 1); /* a CXL node: no no-CXL warning */
    _oli_options_reset();
    _oli_plan_reset();
    exit(fn()); /* exit: the statistics line is printed at exit */
  }
  return test_child_collect(fd, pid, out, n);
}

static uint64_t b[4][32];

static int embedded_used(void) {
  unsetenv("OLI_PLAN");
  _oli_options_reset();
  __oli_site_t *exact = test_site_at(b[0], 0xa1, OLI_KIND_MALLOC, 0, "k.c", 20, "main", NULL);
  __oli_site_t *moved = test_site_at(b[1], 0xb2, OLI_KIND_MALLOC, 0, "k.c", 30, "main", NULL);
  moved->rel = 7; /* ID changed by an edit, same location */
  __oli_site_t *fresh = test_site_at(b[2], 0xd1, OLI_KIND_MALLOC, 0, "new.c", 5, "g", NULL);
  __oli_site_t *small = test_site_at(b[3], 0xd2, OLI_KIND_MALLOC, 0, "new.c", 6, "g", NULL);
  __oli_plan_embedded(text, sizeof text - 1);
  __oli_plan_embedded(text, sizeof text - 1); /* a second module, same plan */
  _oli_process_init();
  _oli_site_state(exact), _oli_site_state(moved), _oli_site_state(fresh), _oli_site_state(small);
  oli_decision_t dflt; /* fresh allocated an object of OLI_MIN_SIZE: new; small placed nothing: apart */
  memset(&dflt, 0, sizeof dflt);
  _oli_site_count_object(_oli_site_state(fresh), 1u << 20, &dflt);
  _oli_site_count_small(_oli_site_state(small), 100);
  const oli_plan_entry_t *e = _oli_plan_lookup(exact);
  if (!e || e->placement != OLI_PLACE_INTERLEAVE || e->weight[OLI_TIER_DRAM] != 3 || e->weight[OLI_TIER_CXL] != 1) return 10;
  e = _oli_plan_lookup(moved);
  if (!e || e->placement != OLI_PLACE_CXL) return 11;
  if (_oli_plan_lookup(fresh) != NULL) return 12;
  oli_plan_stats_t st;
  _oli_site_plan_stats(&st);
  if (st.matched != 1 || st.rematched != 1 || st.unmatched != 1 || st.stale != 1 || st.small_new != 1) return 13;
  return 0;
}

static int different_plans(void) {
  unsetenv("OLI_PLAN");
  _oli_options_reset();
  __oli_plan_embedded(text, sizeof text - 1);
  __oli_plan_embedded(other, sizeof other - 1);
  _oli_process_init();
  __oli_site_t *exact = test_site_at(b[0], 0xa1, OLI_KIND_MALLOC, 0, "k.c", 20, "main", NULL);
  _oli_site_state(exact);
  return _oli_plan_lookup(exact) ? 0 : 20; /* the first plan wins */
}

static char override_path[64];
static int overridden(void) {
  setenv("OLI_PLAN", override_path, 1);
  setenv("OLI_VERBOSE", "1", 1);
  _oli_options_reset();
  __oli_plan_embedded(text, sizeof text - 1);
  _oli_process_init();
  __oli_site_t *exact = test_site_at(b[0], 0xa1, OLI_KIND_MALLOC, 0, "k.c", 20, "main", NULL);
  _oli_site_state(exact);
  return _oli_plan_lookup(exact) ? 30 : 0; /* OLI_PLAN's (empty) plan is used */
}

/* A machine without a CXL node: the embedded plan's CXL shares stay on local DRAM, and it says so. */
static int no_cxl_node(void) {
  unsetenv("OLI_PLAN");
  setenv("OLI_SYSFS_ROOT", OLI_TEST_DATA "/devbox-1node", 1);
  _oli_options_reset();
  __oli_plan_embedded(text, sizeof text - 1);
  _oli_process_init();
  __oli_site_t *exact = test_site_at(b[0], 0xa1, OLI_KIND_MALLOC, 0, "k.c", 20, "main", NULL);
  _oli_site_state(exact);
  return _oli_plan_lookup(exact) ? 0 : 40;
}

int main(void) {
  char out[8192];
  CHECK_EQ("embedded plan: exact, re-matched, unmatched, stale", child(embedded_used, out, sizeof out), 0);
  CHECK("exit line names the embedded plan, the new site and the stale entry",
        strstr(out, "oli: plan (embedded): 1 site matched, 1 re-matched by source location, "
                    "1 unmatched (new), 1 stale, 1 new that placed nothing (below OLI_MIN_SIZE or never "
                    "allocated); new: new.c:5 (0x00000000000000d1); stale: gone.c:7 "
                    "(0x00000000000000c1) ('oli diff PLAN REPORT' lists them)\n") != NULL);
  if (!strstr(out, "plan (embedded)")) fprintf(stderr, "     got: %s\n", out);
  CHECK("the same plan twice: no warning", strstr(out, "warning") == NULL);

  CHECK_EQ("different embedded plans: the first is used", child(different_plans, out, sizeof out), 0);
  CHECK("different embedded plans: one warning",
        strstr(out, "oli: warning: modules embed different plans; the first one is used\n") != NULL);

  CHECK_EQ("no CXL node: the embedded plan is read", child(no_cxl_node, out, sizeof out), 0);
  CHECK("no CXL node: one warning on the plan's CXL shares",
        strstr(out, "oli: warning: the plan embedded at compile time interleaves or puts on CXL 2 sites, but there "
                    "is no CXL node (a node with memory and no CPUs): they stay on local DRAM node 0\n") != NULL);
  if (!strstr(out, "embedded at compile time interleaves")) fprintf(stderr, "     got: %s\n", out);

  snprintf(override_path, sizeof override_path, "/tmp/oli-test-plan-embedded.%ld.json", (long)getpid());
  FILE *f = fopen(override_path, "w");
  fputs(other, f);
  fclose(f);
  CHECK_EQ("OLI_PLAN overrides the embedded plan", child(overridden, out, sizeof out), 0);
  CHECK("override: verbose line", strstr(out, "overrides the plan embedded at compile time") != NULL);
  CHECK("override: exit line names OLI_PLAN's file", strstr(out, override_path) != NULL);
  unlink(override_path);
  return TEST_SUMMARY();
}
