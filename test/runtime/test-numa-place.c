/* test-numa-place.c - real placement on a machine (or VM) with two or more
 * memory nodes: per-object ratios 3:1 and 5:2 by page runs, 1:1 by
 * MPOL_INTERLEAVE, a whole object on the other node, checked page by page with
 * move_pages after first touch (within 1%). Exit 77 with fewer than 2 nodes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

static oli_decision_t forced;
static oli_decision_t hook(const oli_decide_in_t *in) {
  (void)in;
  return forced;
}

static void check_ratio(const char *what, int a, int b, uint32_t wa, uint32_t wb, size_t len) {
  memset(&forced, 0, sizeof forced);
  forced.placement = OLI_PLACE_INTERLEAVE;
  forced.ntargets = 2;
  forced.target[0] = (oli_target_t){OLI_TIER_DRAM, a, wa};
  forced.target[1] = (oli_target_t){OLI_TIER_CXL, b, wb};
  __oli_site_t *s = test_site(0x8000 + wa * 16 + wb, OLI_KIND_MALLOC, 0, what);
  unsigned char *p = __oli_malloc(len, s);
  CHECK(what, p != NULL && _oli_arena_contains(p));
  if (!p) return;
  memset(p, 1, len);
  uint64_t per[OLI_MAX_NODES], absent;
  bool sampled;
  CHECK("query", _oli_query_pages(p, len, per, &absent, &sampled) == 0);
  double got = (double)per[a] / (double)(per[a] + per[b]), want = (double)wa / (wa + wb);
  printf("%s: node %d %llu pages, node %d %llu pages (%.4f, want %.4f) via %s\n", what, a,
         (unsigned long long)per[a], b, (unsigned long long)per[b], got, want, oli_mechanism_name(_oli_site_state(s)->last.mechanism));
  CHECK(what, got > want - 0.01 && got < want + 0.01);
  free(p);
}

int main(void) {
  _oli_process_init(); /* the accessors read what start-up set */
  const oli_topology_t *t = _oli_topology();
  int a = t->local_node, b = t->cxl_node >= 0 ? t->cxl_node : t->remote_node;
  if (a < 0 || b < 0 || a == b) TEST_SKIP("needs two memory nodes (local DRAM and CXL or remote DRAM)");
  _oli_alloc_set_decide_hook(hook);
  check_ratio("3:1 64 MiB", a, b, 3, 1, 64 * MiB); /* weighted-interleave when the kernel weights are 3:1 */
  check_ratio("5:2 33 MiB", a, b, 5, 2, 33 * MiB + 8192);
  check_ratio("1:1 16 MiB", a, b, 1, 1, 16 * MiB);
  check_ratio("1:1 odd size", a, b, 1, 1, 5 * MiB + 12288);
  check_ratio("4:1 40 MiB", a, b, 4, 1, 40 * MiB);
  check_ratio("3:1 small object", a, b, 3, 1, 1 * MiB);
  /* Whole object on the other node. */
  memset(&forced, 0, sizeof forced);
  forced.placement = OLI_PLACE_CXL;
  forced.ntargets = 1;
  forced.target[0] = (oli_target_t){OLI_TIER_CXL, b, 1};
  unsigned char *p = __oli_malloc(8 * MiB, test_site(0x8100, OLI_KIND_MALLOC, 0, "far"));
  memset(p, 1, 8 * MiB);
  uint64_t per[OLI_MAX_NODES], absent;
  bool sampled;
  _oli_query_pages(p, 8 * MiB, per, &absent, &sampled);
  CHECK_EQ("whole object on the far node", per[b], 8 * MiB / _oli_page_size());
  free(p);
  return TEST_SUMMARY();
}
