/* threads-plan.c - 16 threads make the first OLI_PLAN lookup at the same
 * moment (one loads the file, the others wait for it; one pairs the records
 * by source location, the others wait for that) and then look sites up
 * concurrently by ID and by source location; every thread must see the same
 * entries as a single thread does. Runs in the TSan tree: the runtime's site
 * registry is replaced by a fixed table of records (the few site.c/init.c
 * functions plan.c calls), so the allocator and its interposed malloc are not
 * linked. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "siterec.h"
#include "sitehelper.h"
#include "testhelper.h"

#define THREADS 16
#define NPLAN 400 /* sites in the plan file */
#define NREC 64   /* records looked up: by ID, by location, and unknown */

typedef struct want_s {
  int found;
  oli_placement_t placement;
  uint32_t w0, w1;
} want_t;

static __oli_site_t *rec[NREC];
static want_t want[NREC];
static pthread_barrier_t start;
static _Atomic int bad;

static want_t seen(const oli_plan_entry_t *e) {
  want_t w = {0, OLI_PLACE_DEFAULT, 0, 0};
  if (e) w = (want_t){1, e->placement, e->weight[OLI_TIER_DRAM], e->weight[OLI_TIER_CXL]};
  return w;
}

/* ---- stand-ins for base/process.c and base/topology.c --------------------- */
bool _oli_is_initialized(void) { return false; }
const oli_topology_t *_oli_topology(void) { return NULL; } /* never asked: not initialized */

/* ---- the registry's records (objects/site.c's iterator): index 0 none ------ */
static const __oli_site_t *record_at(void *arg, size_t i, bool *more) {
  (void)arg;
  *more = i <= NREC;
  return i >= 1 && i <= NREC ? rec[i - 1] : NULL;
}

static void *worker(void *arg) {
  (void)arg;
  pthread_barrier_wait(&start);
  for (int r = 0; r < 50; r++)
    for (int k = 0; k < NREC; k++) {
      want_t w = seen(_oli_plan_lookup(rec[k]));
      if (memcmp(&w, &want[k], sizeof w) != 0) atomic_fetch_add(&bad, 1);
    }
  return NULL;
}

int main(void) {
  char path[] = "/tmp/oli-threads-plan-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) TEST_SKIP("cannot create a temporary file");
  FILE *f = fdopen(fd, "w");
  fprintf(f, "{\"schema\": \"oli-plan\", \"version\": 1, \"program\": \"t\", \"dram_limit\": 0, \"sites\": [\n");
  static const char *const dec[] = {"\"dram\"", "\"cxl\"", "\"interleave\", \"ratio\": \"3:1\""};
  for (int i = 0; i < NPLAN; i++)
    fprintf(f, "%s{\"id\": \"0x%016x\", \"file\": \"t.c\", \"function\": \"f\", \"rel\": %d, \"kind\": \"malloc\", "
               "\"decision\": %s}\n",
            i ? "," : "", 0x1000 + i, i, dec[i % 3]);
  fprintf(f, "]}\n");
  fclose(f);
  static uint64_t store[NREC][32];
  for (int k = 0; k < NREC; k++) {
    /* a third found by ID, a third re-matched by location (new ID), a third unknown */
    uint64_t id = k % 3 == 0 ? 0x1000u + (unsigned)k : k % 3 == 1 ? 0x900000u + (unsigned)k : 0x800000u + (unsigned)k;
    unsigned rel = k % 3 == 2 ? 100000u + (unsigned)k : (unsigned)k;
    rec[k] = test_site_at(store[k], id, OLI_KIND_MALLOC, 0, "t.c", 10 + rel, "f", NULL);
    rec[k]->rel = rel;
  }
  setenv("OLI_PLAN", path, 1);
  _oli_plan_use_records(record_at, NULL);
  /* what one thread sees alone */
  int found = 0;
  for (int k = 0; k < NREC; k++) {
    memset(&want[k], 0, sizeof want[k]);
    want[k] = seen(_oli_plan_lookup(rec[k]));
    found += want[k].found;
  }
  /* forget the plan: all threads race on the first lookup (one loads) */
  _oli_plan_reset();
  pthread_barrier_init(&start, NULL, THREADS);
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  unlink(path);
  CHECK_EQ("every thread saw the single-thread entries", bad, 0);
  int by_id_or_location = 0;
  for (int k = 0; k < NREC; k++) by_id_or_location += k % 3 != 2;
  CHECK_EQ("sites found by ID or by location, unknown ones not", found, by_id_or_location);
  return TEST_SUMMARY();
}
