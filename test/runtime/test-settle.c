/* test-settle.c - re-decision as the footprint grows (runtime/objects/settle.c,
 * docs/runtime.md "Re-decision"): the geometric trigger, the equal-size rule
 * (one site, and two sites of one source line), pending static hints and the
 * final settle, the migration budget (bytes and time) and the DRAM budget
 * after re-decisions, and threads freeing objects while others settle.
 *
 * Each scenario runs in a fresh process (the settle state is the process's),
 * with its own environment. Decisions are the rule's, made against this
 * machine's topology with its DRAM node standing in for the CXL node too (a
 * decide hook), so every placement and re-placement is a real mbind that
 * succeeds on a one-node machine; the tier accounting still books each
 * target's share to its tier. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "sitehelper.h"
#include "testhelper.h"

#define MiB (1024ull * 1024)

static oli_topology_t topo1;
static oli_decision_t one_node(const oli_decide_in_t *in) {
  oli_decide_in_t x = *in;
  x.topo = &topo1;
  return _oli_decide(&x);
}

static int setup(void) {
  _oli_alloc_ready();
  _oli_process_init(); /* the accessors read what start-up set */
  topo1 = *_oli_topology();
  if (topo1.local_node < 0) return -1;
  topo1.cxl_node = topo1.local_node;
  _oli_alloc_set_decide_hook(one_node);
  return 0;
}

static uint64_t words[16][64] __attribute__((aligned(8)));
static __oli_site_t *site_line(int k, uint64_t id, uint64_t hint, unsigned line, const char *name) {
  return test_site_at(words[k], id, OLI_KIND_MALLOC, hint, "settle.c", line, "main", name);
}

static oli_placement_t want_of(const void *p) {
  oli_block_info_t b;
  return _oli_arena_info(p, &b) == 0 ? b.want.placement : (oli_placement_t)-1;
}

static uint64_t settles(void) {
  oli_settle_stats_t s;
  _oli_settle_stats(&s);
  return s.settles;
}

/* The trigger: a settle when the expected footprint reached 5/4 of the last
 * one's, never per allocation. */
static int trigger(void) {
  __oli_site_t *a = site_line(0, 0x5e01, 0, 10, "a"), *b = site_line(1, 0x5e02, 0, 11, "b");
  __oli_malloc(10 * MiB, a); /* sets the trigger: 12.5 MiB */
  CHECK_EQ("no settle at the first object", settles(), 0);
  __oli_malloc(2 * MiB, b); /* 12 MiB */
  CHECK_EQ("no settle below 5/4 of the first footprint", settles(), 0);
  __oli_malloc(2 * MiB, b); /* 14 MiB >= 12.5 */
  CHECK_EQ("a settle at 5/4", settles(), 1);
  oli_settle_stats_t s;
  _oli_settle_stats(&s);
  CHECK_EQ("settled against the expected footprint", s.footprint, 14 * MiB);
  CHECK_EQ("next trigger 5/4 above", s.trigger, 14 * MiB / 4 * 5);
  for (int i = 0; i < 200; i++) __oli_malloc(1 * MiB, b); /* to 214 MiB: 200 allocations */
  uint64_t n = settles();
  CHECK("settles grow with the log of the footprint (<= 14 for 14 -> 214 MiB), not per allocation",
        n >= 2 && n <= 1 + 13);
  fprintf(stderr, "trigger: %llu settles for 202 allocations\n", (unsigned long long)n);
  return TEST_SUMMARY();
}

/* Equal objects of one site get one decision between settles: the second
 * alone would be 9.5% of the footprint (DRAM), the first was 10.5%. */
static int equal_site(void) {
  __oli_site_t *a = site_line(0, 0x5e11, 0, 20, "a"), *x = site_line(1, 0x5e12, 0, 34, "us");
  __oli_malloc(17 * MiB, a);           /* trigger 21.25 MiB */
  void *b1 = __oli_malloc(2 * MiB, x); /* 19 MiB: 10.5% */
  void *b2 = __oli_malloc(2 * MiB, x); /* 21 MiB */
  CHECK_EQ("no settle yet", settles(), 0);
  CHECK_EQ("first of the site: interleave (10.5%)", want_of(b1), OLI_PLACE_INTERLEAVE);
  CHECK_EQ("second of the site, same size: the same decision", want_of(b2), OLI_PLACE_INTERLEAVE);
  void *b3 = __oli_malloc(3 * MiB, x); /* 24 MiB: a settle first; another size: its own decision */
  CHECK_EQ("settled", settles(), 1);
  CHECK_EQ("b1 re-decided to DRAM (2 of 24 MiB: 8.3%)", want_of(b1), OLI_PLACE_DRAM);
  CHECK_EQ("b2 with it", want_of(b2), OLI_PLACE_DRAM);
  CHECK_EQ("3 MiB of 24 MiB: 12.5%, interleave", want_of(b3), OLI_PLACE_INTERLEAVE);
  return TEST_SUMMARY();
}

/* Two sites of one source line (one ALLOCATE statement) are one group. */
static int equal_line(void) {
  __oli_site_t *a = site_line(0, 0x5e21, 0, 20, "a");
  __oli_site_t *x = site_line(1, 0x5e22, 0, 34, "us"), *y = site_line(2, 0x5e23, 0, 34, "vs");
  __oli_site_t *z = site_line(3, 0x5e24, 0, 40, "other");
  __oli_malloc(17 * MiB, a);
  void *b1 = __oli_malloc(2 * MiB, x); /* 19 MiB: interleave */
  void *b2 = __oli_malloc(2 * MiB, y); /* 21 MiB: line 34's decision */
  CHECK_EQ("first of line 34: interleave", want_of(b1), OLI_PLACE_INTERLEAVE);
  CHECK_EQ("another site of line 34: the line's decision", want_of(b2), OLI_PLACE_INTERLEAVE);
  void *c = __oli_malloc(2 * MiB, z); /* 23 MiB: a settle first (>= 21.25) */
  CHECK_EQ("one settle", settles(), 1);
  CHECK_EQ("after it: b1 on DRAM (8.7%)", want_of(b1), OLI_PLACE_DRAM);
  CHECK_EQ("after it: b2 on DRAM too", want_of(b2), OLI_PLACE_DRAM);
  CHECK_EQ("line 40's object: DRAM", want_of(c), OLI_PLACE_DRAM);
  return TEST_SUMMARY();
}

/* Static hints still to come count in the expected footprint; a hinted site
 * in a loop takes its hint out once and counts every object live; the final
 * settle forgets hints never reached. */
static int hints(void) {
  __oli_site_t *h = site_line(0, 0x5e31, 100 * MiB, 50, "never"), *l = site_line(1, 0x5e32, 4 * MiB, 51, "loop");
  __oli_site_t *a = site_line(2, 0x5e33, 0, 52, "a");
  _oli_site_state(h);
  _oli_site_state(l);
  CHECK_EQ("pending hints: both", _oli_site_pending_hints(), 104 * MiB);
  void *p = __oli_malloc(10 * MiB, a); /* 10 + 104 MiB: 8.8% */
  CHECK_EQ("10 MiB against 114 MiB: DRAM", want_of(p), OLI_PLACE_DRAM);
  for (int i = 0; i < 3; i++) __oli_malloc(4 * MiB, l);
  CHECK_EQ("the loop's hint left once", _oli_site_pending_hints(), 100 * MiB);
  CHECK_EQ("expected: live 22 MiB + 100 MiB pending", _oli_footprint_expected(NULL, 0), 122 * MiB);
  CHECK("the final settle re-decides", _oli_settle_run(0, true) >= 1);
  CHECK_EQ("10 MiB of the 22 MiB peak: interleave", want_of(p), OLI_PLACE_INTERLEAVE);
  return TEST_SUMMARY();
}

/* A touched object that flips: migrated within the migration budget, its
 * data intact; over the budget (OLI_MIGRATE_LIMIT=0, OLI_MIGRATE_TIME=0) it
 * keeps its decision and its site says why. An untouched one is re-bound
 * whatever the budget. */
static int budget(void) {
  const char *lim = getenv("OLI_MIGRATE_LIMIT"), *tim = getenv("OLI_MIGRATE_TIME");
  oli_redecide_t want = lim && !strcmp(lim, "0") ? OLI_REDO_OVER_BYTES
                        : tim && !strcmp(tim, "0") ? OLI_REDO_OVER_TIME
                                                   : OLI_REDO_MIGRATED;
  __oli_site_t *a = site_line(0, 0x5e41, 0, 60, "a"), *b = site_line(1, 0x5e42, 0, 61, "b");
  __oli_site_t *c = site_line(2, 0x5e43, 0, 62, "c");
  void *pa = __oli_malloc(10 * MiB, a);
  unsigned char *pb = __oli_malloc(2 * MiB, b); /* 12 MiB: 16.7%, interleave */
  CHECK_EQ("b interleaved at first", want_of(pb), OLI_PLACE_INTERLEAVE);
  for (size_t i = 0; i < 2 * MiB; i++) pb[i] = (unsigned char)(i * 7 + 3);
  __oli_malloc(100 * MiB, c); /* 112 MiB: a settle; a and b are no longer large */
  oli_settle_stats_t s;
  _oli_settle_stats(&s);
  CHECK_EQ("untouched a re-bound to DRAM, any budget", want_of(pa), OLI_PLACE_DRAM);
  CHECK("rebound counted", s.rebound >= 1);
  oli_site_state_t *sb = _oli_site_state(b);
  if (want == OLI_REDO_MIGRATED) {
    CHECK_EQ("touched b migrated to DRAM", want_of(pb), OLI_PLACE_DRAM);
    CHECK_EQ("one migration", s.migrated, 1);
    CHECK_EQ("b's site agrees with the rule", atomic_load(&sb->rule_note), 0);
  } else {
    CHECK_EQ("touched b kept its decision", want_of(pb), OLI_PLACE_INTERLEAVE);
    CHECK_EQ("no migration", s.migrated, 0);
    CHECK_EQ("counted over budget", s.over_budget, 1);
    CHECK_STR("b's site says why", oli_redecide_name((oli_redecide_t)(atomic_load(&sb->rule_note) - 1)),
              oli_redecide_name(want));
  }
  int intact = 1;
  for (size_t i = 0; i < 2 * MiB; i++) intact &= pb[i] == (unsigned char)(i * 7 + 3);
  CHECK("b's data intact", intact);
  oli_redecision_t r;
  int found = 0;
  for (size_t i = 0; _oli_redecision_at(i, &r); i++)
    if (r.site == sb) found = r.outcome == want && r.from.placement == OLI_PLACE_INTERLEAVE && r.to.placement == OLI_PLACE_DRAM;
  CHECK("b's re-decision recorded with its outcome", found);
  return TEST_SUMMARY();
}

/* The exit's settle moves no page: a touched object whose share crossed the
 * threshold only then keeps its decision, flagged at_exit. */
static int at_exit(void) {
  __oli_site_t *a = site_line(0, 0x5e71, 0, 90, "a"), *b = site_line(1, 0x5e72, 0, 91, "b");
  __oli_site_t *c = site_line(2, 0x5e73, 0, 92, "c"), *d = site_line(3, 0x5e74, 0, 93, "d");
  __oli_site_t *e = site_line(4, 0x5e75, 0, 94, "e"), *f = site_line(5, 0x5e76, 0, 95, "f");
  __oli_malloc(10 * MiB, a);                    /* trigger 12.5 MiB */
  unsigned char *pb = __oli_malloc(2 * MiB, b); /* 12 MiB: 16.7% */
  memset(pb, 5, 2 * MiB);
  __oli_malloc(1 * MiB, c); /* 13 MiB: a settle, b 15% */
  __oli_malloc(3 * MiB, d); /* 16 MiB < 16.25 */
  __oli_malloc(3 * MiB, e); /* 19 MiB: a settle, b 10.5% */
  __oli_malloc(4 * MiB, f); /* 23 MiB < 23.75: b 8.7%, no settle */
  CHECK_EQ("two settles in the run", settles(), 2);
  CHECK_EQ("b still interleaved", want_of(pb), OLI_PLACE_INTERLEAVE);
  _oli_settle_run(0, true);
  oli_settle_stats_t s;
  _oli_settle_stats(&s);
  CHECK_EQ("the exit settle moved nothing", s.migrated, 0);
  CHECK_EQ("b kept its decision", want_of(pb), OLI_PLACE_INTERLEAVE);
  CHECK_EQ("counted at_exit", s.at_exit, 1);
  CHECK_STR("b's site says why", oli_redecide_name((oli_redecide_t)(atomic_load(&_oli_site_state(b)->rule_note) - 1)),
            "at_exit");
  return TEST_SUMMARY();
}

/* OLI_DRAM_LIMIT holds after re-decisions: eight objects flip to DRAM at
 * once, the smaller first, as long as the budget lasts. */
static int dram_limit(void) {
  uint64_t limit = (uint64_t)_oli_option_get(oli_option_dram_limit), worst = 0;
  __oli_site_t *a = site_line(0, 0x5e51, 0, 70, "a"), *b = site_line(1, 0x5e52, 0, 71, "b");
  __oli_site_t *c = site_line(2, 0x5e53, 0, 72, "c");
  void *pa = __oli_malloc(10 * MiB, a), *pb[7];
  for (int i = 0; i < 7; i++) {
    pb[i] = __oli_malloc(2 * MiB, b);
    if (_oli_alloc_dram_used() > worst) worst = _oli_alloc_dram_used();
  }
  __oli_malloc(100 * MiB, c);
  if (_oli_alloc_dram_used() > worst) worst = _oli_alloc_dram_used();
  oli_settle_stats_t s;
  _oli_settle_stats(&s);
  CHECK("objects were re-decided", s.redecided >= 1);
  CHECK("the DRAM budget held throughout", worst <= limit);
  int dram = 0;
  for (int i = 0; i < 7; i++) dram += want_of(pb[i]) == OLI_PLACE_DRAM;
  CHECK("2 MiB objects on DRAM while the budget lasted", dram >= 1);
  CHECK("the 10 MiB one not whole on DRAM (the smaller ones came first)", want_of(pa) != OLI_PLACE_DRAM);
  fprintf(stderr, "dram_limit: %d of 7 on DRAM, DRAM used at most %llu of %llu\n", dram, (unsigned long long)worst,
          (unsigned long long)limit);
  return TEST_SUMMARY();
}

/* Threads allocate, fill, check and free while the footprint grows and other
 * threads settle: a free or realloc of an object being re-decided waits for
 * it, and no object's data changes. */
static __oli_site_t *tsite;
static void *churn(void *arg) {
  uintptr_t t = (uintptr_t)arg;
  int bad = 0;
  unsigned char *keep[16] = {0};
  for (int i = 0; i < 64; i++) {
    size_t n = (1 + (i + t) % 4) * MiB;
    unsigned char *p = __oli_malloc(n, tsite);
    if (!p) return (void *)1;
    memset(p, (int)(t * 16 + i % 16), n);
    if (i % 3 == 0) p = realloc(p, n + MiB), memset(p + n, (int)(t * 16 + i % 16), MiB), n += MiB;
    if (i % 5 == 0) oli_settle();
    for (size_t k = 0; k < n; k += 4096) bad |= p[k] != (unsigned char)(t * 16 + i % 16);
    int slot = i % 16;
    if (keep[slot]) free(keep[slot]);
    keep[slot] = i < 48 ? p : NULL; /* the footprint grows, then shrinks */
    if (i >= 48) free(p);
  }
  for (int k = 0; k < 16; k++) free(keep[k]);
  return (void *)(uintptr_t)bad;
}
static int threads(void) {
  tsite = site_line(0, 0x5e61, 0, 80, "churn");
  pthread_t th[4];
  for (uintptr_t t = 0; t < 4; t++) pthread_create(&th[t], NULL, churn, (void *)t);
  int bad = 0;
  for (int t = 0; t < 4; t++) {
    void *r;
    pthread_join(th[t], &r);
    bad |= r != NULL;
  }
  CHECK("every object's data intact under concurrent settles", !bad);
  CHECK("settles happened", settles() >= 2);
  return TEST_SUMMARY();
}

static const struct {
  const char *name;
  int (*fn)(void);
  const char *env[3];
} scenarios[] = {
    {"trigger", trigger, {NULL}},
    {"equal_site", equal_site, {NULL}},
    {"equal_line", equal_line, {NULL}},
    {"hints", hints, {NULL}},
    {"budget", budget, {NULL}},
    {"budget_bytes", budget, {"OLI_MIGRATE_LIMIT=0", NULL}},
    {"budget_time", budget, {"OLI_MIGRATE_TIME=0", NULL}},
    {"dram_limit", dram_limit, {"OLI_DRAM_LIMIT=20M", NULL}},
    {"threads", threads, {NULL}},
    {"at_exit", at_exit, {NULL}},
};
#define NSCEN (sizeof scenarios / sizeof scenarios[0])

int main(int argc, char **argv) {
  if (argc > 1) {
    for (size_t i = 0; i < NSCEN; i++)
      if (strcmp(argv[1], scenarios[i].name) == 0) {
        if (setup() != 0) TEST_SKIP("no NUMA node known on this machine");
        return scenarios[i].fn();
      }
    return 2;
  }
  int failed = 0, skipped = 0;
  for (size_t i = 0; i < NSCEN; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      const char *clear[] = {"OLI_FOOTPRINT", "OLI_MIGRATE_LIMIT", "OLI_MIGRATE_TIME", "OLI_DRAM_LIMIT",
                             "OLI_POLICY", "OLI_PLAN", "OLI_SYSFS_ROOT", "OLI_MIN_SIZE", "OLI_LARGE_PERCENT"};
      for (size_t k = 0; k < sizeof clear / sizeof clear[0]; k++) unsetenv(clear[k]);
      for (int k = 0; scenarios[i].env[k]; k++) putenv((char *)scenarios[i].env[k]);
      execl(argv[0], argv[0], scenarios[i].name, (char *)NULL);
      _exit(127);
    }
    int st;
    waitpid(pid, &st, 0);
    int rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
    fprintf(stderr, "scenario %s: %s\n", scenarios[i].name, rc == 0 ? "ok" : rc == 77 ? "skipped" : "FAILED");
    failed += rc != 0 && rc != 77;
    skipped += rc == 77;
  }
  if (skipped == (int)NSCEN) return 77;
  CHECK_EQ("scenarios failed", failed, 0);
  return TEST_SUMMARY();
}
