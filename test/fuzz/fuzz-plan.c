/* fuzz-plan.c - libFuzzer target for the runtime's plan/profile reader
 * (runtime/policy/plan.c: _oli_plan_set_text), which reads OLI_PLAN files (an
 * oli-plan, or an oli-profile for access intensities) inside the program.
 *
 * Input: the file's contents. After loading, a few site records are looked
 * up by ID and by source location, and the match statistics are taken. The
 * runtime's site registry is replaced here by a fixed table of those records
 * (the few site.c/init.c functions plan.c calls), so neither the allocator
 * nor its malloc interposition is linked.
 *
 * corpus/plan/crash-empty-sites ("sites": []) is the regression input for
 * the fixed qsort(NULL, 0, ...) in parse_doc (docs/reliability.md). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "siterec.h"

#define NREC 5
static uint64_t store[NREC][32];
static const __oli_site_t *rec[NREC];

/* ---- stand-ins for base/process.c, base/topology.c and the site registry -- */
bool _oli_is_initialized(void) { return false; }
const oli_topology_t *_oli_topology(void) { return NULL; } /* never asked: not initialized */
static const __oli_site_t *record_at(void *arg, size_t i, bool *more) {
  (void)arg;
  *more = i + 1 < NREC;
  return i < NREC ? rec[i] : NULL;
}

static void quiet(const char *msg, void *arg) { (void)msg, (void)arg; }

static const __oli_site_t *make(int k, uint64_t id, unsigned kind, const char *file, unsigned rel,
                                const char *func, const char *name) {
  __oli_site_t *s = (__oli_site_t *)store[k];
  size_t fl = strlen(file), fn = strlen(func), nl = strlen(name);
  memset(s, 0, sizeof store[k]);
  s->magic = OLI_SITE_MAGIC;
  s->size = (uint16_t)((OLI_SITE_HEADER_SIZE + fl + fn + nl + 3 + 7) & ~7u);
  s->kind = (uint8_t)kind;
  s->flags = OLI_SITE_F_HAS_LINE;
  s->id = id;
  s->line = 10 + rel;
  s->rel = rel;
  s->file_len = (uint16_t)fl;
  s->func_len = (uint16_t)fn;
  s->name_len = (uint16_t)nl;
  memcpy(s->strings, file, fl + 1);
  memcpy(s->strings + fl + 1, func, fn + 1);
  memcpy(s->strings + fl + 1 + fn + 1, name, nl + 1);
  return s;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  _oli_set_output(quiet, NULL);
  rec[0] = make(0, 1, OLI_KIND_MALLOC, "cg.c", 2, "main", "a");
  rec[1] = make(1, 2, OLI_KIND_CALLOC, "cg.c", 5, "main", "");
  rec[2] = make(2, 0xaa, OLI_KIND_MALLOC, "cg.c", 2, "main", "");
  rec[3] = make(3, 0x3f2a9c0d11e4b5a7ull, OLI_KIND_MALLOC, "benchmarks/kernels/cg/cg.c", 7, "main", "a");
  rec[4] = make(4, 0x999, OLI_KIND_FORTRAN_ALLOCATE, "fcg.f90", 3, "MAIN_", "x");
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char msg[256];
  memset(msg, 'x', sizeof msg);
  int rc = _oli_plan_set_text((const char *)data, size, msg, sizeof msg);
  if (rc != 0 && memchr(msg, '\0', sizeof msg) == NULL) abort();
  for (int k = 0; k < NREC; k++) {
    const oli_plan_entry_t *e = _oli_plan_lookup(rec[k]);
    if (e == NULL) continue;
    if (rc != 0) abort(); /* a refused plan is empty */
    if ((unsigned)e->placement >= OLI_PLACE_COUNT_) abort(); /* rdram is a plan decision too */
    if (e->placement == OLI_PLACE_INTERLEAVE && (e->weight[OLI_TIER_DRAM] == 0 || e->weight[OLI_TIER_CXL] == 0)) abort();
    if (e->intensity != e->intensity) abort(); /* NaN */
  }
  oli_plan_stats_t st;
  _oli_plan_stats(&st, record_at, NULL, NULL);
  if (st.matched + st.rematched + st.unmatched != NREC && st.entries != 0) abort();
  _oli_plan_reset();
  return 0;
}
