/* test-site-merge: a global's records from several files (a Fortran COMMON
 * block every file that uses it defines, a C++ inline variable) are one
 * object whose static estimate is the sum of the files' own: each file's
 * record counts that file's accesses (objects/site.c, as `oli sites` sums
 * them, e2e/summaries-common). The same ID from the same file (a module
 * loaded twice) is not counted twice, nor is a heap site's. */
#include <stdlib.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

static uint64_t b[8][32];

int main(void) {
  /* /fields/: written once in setup.f90, swept 40 times in advance.f90 */
  __oli_site_t *g1 = test_site_at(b[0], 0x90, OLI_KIND_GLOBAL, 16 << 20, "setup.f90", 0, "", "/fields/");
  __oli_site_t *g2 = test_site_at(b[1], 0x90, OLI_KIND_GLOBAL, 16 << 20, "advance.f90", 0, "", "/fields/");
  __oli_site_t *g3 = test_site_at(b[2], 0x90, OLI_KIND_GLOBAL, 16 << 20, "advance.f90", 0, "", "/fields/");
  test_site_estimate(g1, OLI_PATTERN_STREAMING, OLI_CONFIDENCE_HIGH, 0, 0.125f, 1.0f, 100, 0);
  test_site_estimate(g2, OLI_PATTERN_GATHER, OLI_CONFIDENCE_MEDIUM, OLI_STATIC_F_GUESSED, 5.0f, 40.0f, 20, 80);
  test_site_estimate(g3, OLI_PATTERN_GATHER, OLI_CONFIDENCE_MEDIUM, OLI_STATIC_F_GUESSED, 5.0f, 40.0f, 20, 80);
  oli_site_state_t *st = _oli_site_state(g1);
  CHECK("one file: its own estimate", st->estimate.passes == 1.0f && st->estimate.pattern == OLI_PATTERN_STREAMING);
  CHECK("another file's record: the same state", _oli_site_state(g2) == st);
  CHECK("two files: passes summed", st->estimate.passes == 41.0f);
  CHECK("two files: intensity summed", st->estimate.intensity == 5.125f);
  CHECK("two files: shares by weight, the larger pattern",
        st->estimate.share[0] == 22 && st->estimate.share[2] == 78 && st->estimate.pattern == OLI_PATTERN_GATHER);
  CHECK("two files: the lower confidence, guessed as most of it is",
        st->estimate.confidence == OLI_CONFIDENCE_MEDIUM && (st->estimate.flags & OLI_STATIC_F_GUESSED));
  CHECK("the same file again (a module loaded twice): not counted twice",
        _oli_site_state(g3) == st && st->estimate.passes == 41.0f);

  /* a heap site's records in several files (an inline function's): one state, the first's estimate */
  __oli_site_t *h1 = test_site_at(b[3], 0x91, OLI_KIND_MALLOC, 0, "a.c", 3, "make", "v");
  __oli_site_t *h2 = test_site_at(b[4], 0x91, OLI_KIND_MALLOC, 0, "b.c", 3, "make", "v");
  test_site_estimate(h1, OLI_PATTERN_STREAMING, OLI_CONFIDENCE_HIGH, 0, 1.0f, 8.0f, 100, 0);
  test_site_estimate(h2, OLI_PATTERN_STREAMING, OLI_CONFIDENCE_HIGH, 0, 1.0f, 8.0f, 100, 0);
  oli_site_state_t *hs = _oli_site_state(h1);
  CHECK("a heap site's second record: its estimate not added", _oli_site_state(h2) == hs && hs->estimate.passes == 8.0f);

  /* a file with no estimate (-O0, static-intensity=0) adds nothing; a first without one takes the next's */
  __oli_site_t *n1 = test_site_at(b[5], 0x92, OLI_KIND_GLOBAL, 4 << 20, "old.f90", 0, "", "/w/");
  __oli_site_t *n2 = test_site_at(b[6], 0x92, OLI_KIND_GLOBAL, 4 << 20, "new.f90", 0, "", "/w/");
  test_site_estimate(n2, OLI_PATTERN_STREAMING, OLI_CONFIDENCE_HIGH, 0, 0.5f, 4.0f, 100, 0);
  oli_site_state_t *ns = _oli_site_state(n1);
  CHECK("no estimate yet", ns->estimate.confidence == OLI_CONFIDENCE_NONE);
  CHECK("the next file's estimate", _oli_site_state(n2) == ns && ns->estimate.passes == 4.0f &&
                                        ns->estimate.confidence == OLI_CONFIDENCE_HIGH);
  return TEST_SUMMARY();
}
