/* test-group: the equal-size rule's decisions (policy/group.c) as a thread
 * sees them: a group's decision is reused for its next objects of the same
 * size (the rule is not asked again), and once the table changes (a settle
 * forgets the groups) the thread asks again instead of reusing the decision
 * it read last. */
#include <stdlib.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

static int which, asked;
static oli_decision_t hook(const oli_decide_in_t *in) {
  oli_decision_t d = _oli_decide(in);
  d.percent_x10 = which ? 999 : 1; /* a mark: which answer the object got */
  asked++;
  return d;
}

static uint32_t mark(__oli_site_t *site) {
  free(__oli_malloc(2 * MiB, site));
  oli_decision_t d;
  _oli_site_last(_oli_site_state(site), &d);
  return d.percent_x10;
}

int main(void) {
  setenv("OLI_POLICY", "oli", 1); /* the rule: its decisions are grouped */
  __oli_site_t *site = test_site(0x6e0c, OLI_KIND_MALLOC, 0, "group_cache");
  _oli_alloc_set_decide_hook(hook);
  CHECK_EQ("first object: the rule's answer", mark(site), 1);
  CHECK_EQ("... asked once", asked, 1);
  which = 1;
  CHECK_EQ("same size again: the group's decision, not asked", mark(site), 1);
  CHECK_EQ("... still asked once", asked, 1);
  _oli_group_forget(); /* what a settle does */
  CHECK_EQ("after the table changed: asked again, its new answer", mark(site), 999);
  CHECK_EQ("... asked twice", asked, 2);
  CHECK_EQ("and that decision is reused", mark(site), 999);
  CHECK_EQ("... still asked twice", asked, 2);
  return TEST_SUMMARY();
}
