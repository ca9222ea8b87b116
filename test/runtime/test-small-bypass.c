/* test-small-bypass.c - the small-object fast path (include/oli_abi.h): when
 * a thread has counted 256 small objects of a record, the runtime stores
 * floor(log2(OLI_MIN_SIZE)) into the record's small_shift and marks the site's
 * counts partial; never with OLI_COUNT_SMALL=1 or OLI_PROFILE (CTest runs this
 * test under each), never for a record used inside another site's bracket or
 * through the interposed functions. Also: a site's largest small object is
 * the maximum over threads, and the report says which counts are partial. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "oli.h"
#include "sitehelper.h"
#include "testhelper.h"

#define FIRST 256 /* objects counted per site and thread before the fast path */

/* Uninstrumented code; the volatile keeps the compiler from dropping the pair. */
static void *volatile sink;
__attribute__((noinline)) static void plain_malloc_free(size_t n) {
  sink = malloc(n);
  free(sink);
}

static uint16_t shift_of(const __oli_site_t *s) { return __atomic_load_n(&s->small_shift, __ATOMIC_RELAXED); }

static int partial(__oli_site_t *s) {
  oli_site_state_t *st = _oli_site_state(s);
  return (int)atomic_load(&st->bypass);
}

static uint64_t count_of(__oli_site_t *s) {
  uint64_t c = 0;
  _oli_site_totals(_oli_site_state(s), &c, NULL, NULL);
  return c;
}

/* The largest power of two <= n, as a shift, by repeated halving. */
static unsigned log2_floor(uint64_t n) {
  unsigned k = 0;
  while (n > 1) n /= 2, k++;
  return k;
}

typedef struct job_s {
  __oli_site_t *site;
  size_t size;
} job_t;

static void *worker(void *arg) {
  job_t *j = arg;
  for (int i = 0; i < 10; i++) free(__oli_malloc(j->size, j->site));
  return NULL;
}

/* The value of "key" in the JSON object of site ID id in report text r, or NULL. */
static const char *site_field(const char *r, const char *id, const char *key) {
  const char *s = strstr(r, id);
  if (!s) return NULL;
  const char *end = strstr(s, "}");
  const char *k = strstr(s, key);
  return k && (!end || k < end) ? k + strlen(key) : NULL;
}

int main(void) {
  const char *cs = getenv("OLI_COUNT_SMALL"), *prof = getenv("OLI_PROFILE");
  int expect = !(cs && strcmp(cs, "1") == 0) && !(prof && *prof);
  __oli_site_t *a = test_site(0x2001, OLI_KIND_MALLOC, 0, "a");
  __oli_init(a, (__oli_site_t *)((char *)a + a->size));
  unsigned want = expect ? log2_floor((uint64_t)oli_option_get(oli_option_min_size)) : 0;
  CHECK("record starts with small_shift 0", shift_of(a) == 0);

  /* 1. The 256th small object of the thread sets it (the first one also made
   * the thread's counters, on the slow path: it counts too). */
  for (int i = 0; i < FIRST - 1; i++) free(__oli_malloc(100 + (size_t)i, a));
  CHECK_EQ("no fast path before the 256th small object", shift_of(a), 0);
  CHECK_EQ("counts not partial yet", partial(a), 0);
  free(__oli_malloc(64, a));
  CHECK_EQ("256th small object: small_shift = floor(log2(OLI_MIN_SIZE)) (0 when counting all)", shift_of(a), want);
  CHECK_EQ("site marked partial iff the fast path is on", partial(a), expect);
  CHECK("2^small_shift never exceeds OLI_MIN_SIZE",
        (1ull << shift_of(a)) <= (uint64_t)oli_option_get(oli_option_min_size));
  /* __oli_malloc itself still counts (only the pass's inline test skips it). */
  for (int i = 0; i < 44; i++) free(__oli_malloc(32, a));
  CHECK_EQ("direct __oli_malloc calls are still counted", count_of(a), FIRST + 44);

  /* 2. Objects at or above OLI_MIN_SIZE never change it and are not small. */
  __oli_site_t *big = test_site(0x2002, OLI_KIND_MALLOC, 0, "big");
  uint64_t min = (uint64_t)oli_option_get(oli_option_min_size);
  for (int i = 0; i < FIRST + 10; i++) free(__oli_malloc(min, big));
  CHECK_EQ("large objects leave small_shift alone", shift_of(big), 0);

  /* 3. calloc and realloc entry points count for their record too. */
  __oli_site_t *cz = test_site(0x2003, OLI_KIND_CALLOC, 0, "cz");
  for (int i = 0; i < FIRST; i++) free(__oli_calloc(4, 25, cz));
  CHECK_EQ("calloc: small_shift set after 256", shift_of(cz), want);
  __oli_site_t *rs = test_site(0x2004, OLI_KIND_REALLOC, 0, "rs");
  void *p = NULL;
  for (int i = 0; i < FIRST + 1; i++) p = __oli_realloc(p, 100 + (size_t)(i % 50), rs);
  free(p);
  CHECK_EQ("realloc: small_shift set after 256 growing calls", shift_of(rs), want);

  /* 4. Inside another site's bracket the object counts for the outer site:
   * neither record gets the fast path from it. */
  __oli_site_t *outer = test_site(0x2005, OLI_KIND_WRAPPER, 0, "outer");
  __oli_site_t *inner = test_site(0x2006, OLI_KIND_MALLOC, 0, "inner");
  __oli_site_t *prev = __oli_site_enter(outer);
  for (int i = 0; i < FIRST + 10; i++) free(__oli_malloc(100, inner));
  /* 5. ... nor do the interposed functions with a current site. */
  for (int i = 0; i < FIRST + 10; i++) plain_malloc_free(100);
  __oli_site_leave(prev);
  CHECK_EQ("inner record in a bracket keeps small_shift 0", shift_of(inner), 0);
  CHECK_EQ("outer (bracket) record keeps small_shift 0", shift_of(outer), 0);
  CHECK_EQ("outer site's counts are complete", partial(outer), 0);
  CHECK_EQ("outer site counted every object", count_of(outer), 2 * (FIRST + 10));

  /* 6. largest over threads: each thread keeps its own, the totals take the max. */
  __oli_site_t *l = test_site(0x2007, OLI_KIND_MALLOC, 0, "l");
  job_t j1 = {l, 300}, j2 = {l, 700};
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, &j1);
  pthread_join(t1, NULL);
  pthread_create(&t2, NULL, worker, &j2);
  pthread_join(t2, NULL);
  uint64_t c = 0, b = 0, lg = 0;
  _oli_site_totals(_oli_site_state(l), &c, &b, &lg);
  CHECK_EQ("threads' small objects counted", c, 20);
  CHECK_EQ("threads' bytes summed", b, 10 * 300 + 10 * 700);
  CHECK_EQ("largest is the maximum over threads", lg, 700);

  /* 7. The report: count_partial per site, "300+" in the table. */
  char json[] = "/tmp/oli-test-bypass-XXXXXX";
  int fd = mkstemp(json);
  CHECK("temp file", fd >= 0);
  if (fd >= 0) {
    close(fd);
    CHECK_EQ("report written", oli_report_write(json), 0);
    FILE *f = fopen(json, "r");
    static char text[1 << 20];
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[n] = 0;
    if (f) fclose(f);
    unlink(json);
    const char *v = site_field(text, "\"0x0000000000002001\"", "\"count_partial\": ");
    CHECK("report has count_partial for site a", v != NULL);
    if (v) CHECK("count_partial of a", strncmp(v, expect ? "true" : "false", expect ? 4 : 5) == 0);
    v = site_field(text, "\"0x0000000000002005\"", "\"count_partial\": ");
    if (v) CHECK("count_partial of the bracket site is false", strncmp(v, "false", 5) == 0);
    const char *sum = strstr(text, "\"small_objects_partial_sites\": ");
    CHECK("summary counts partial sites", sum != NULL);
    if (sum) CHECK_EQ("partial sites: a, cz, rs", atol(sum + strlen("\"small_objects_partial_sites\": ")),
                      expect ? 3 : 0);
  }
  char *tbl = NULL;
  size_t tlen = 0;
  FILE *m = open_memstream(&tbl, &tlen);
  if (m) {
    _oli_report_stream(m, 0);
    fclose(m);
    char want_cell[16];
    snprintf(want_cell, sizeof want_cell, " %d%s ", FIRST + 44, expect ? "+" : "");
    CHECK("text table shows a's count with '+' iff partial", tbl && strstr(tbl, want_cell) != NULL);
    free(tbl);
  }
  return TEST_SUMMARY();
}
