/* test-profile-access: __oli_profile_access (portable profile, pass option
 * profile-every=N) attributes each sample to the live object holding the
 * address - interior pointers of arena blocks, tagged objects below
 * OLI_MIN_SIZE (recorded while profiling, out again when freed or moved by
 * realloc) and registered globals - adds its weight to that site's accesses,
 * counts the rest as unattributed, is exact under threads (small objects of
 * 4 KiB or more allocated and freed by several threads at once too), gives a swept
 * object the pattern streaming and a randomly read one gather, and the
 * profile written at exit carries it with access_source "portable". Run twice in forked children: OLI_POLICY=dram
 * (placed objects) and OLI_POLICY=off (not placed: profile runs still take
 * objects >= OLI_MIN_SIZE into the arena with the default policy). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "json.h"
#include "sitehelper.h"
#include "testhelper.h"

#define NTHREADS 4
#define PER_THREAD 100000

static char *hot;
static void *sampler(void *arg) {
  (void)arg;
  for (int i = 0; i < PER_THREAD; i++) __oli_profile_access(hot + (size_t)i * 8 % (4u << 20), 1);
  return NULL;
}

static uint64_t acc(__oli_site_t *s) { return _oli_site_accesses(_oli_site_state(s)); }

/* Threads allocating, sampling and freeing small objects of one site at
 * once (neighbours in glibc's memory: their pages' entries change under each
 * other): every sample of a live object is its site's. */
#define SMALL_ROUNDS 20000
static __oli_site_t *small_site;
static void *small_churn(void *arg) {
  uint64_t x = 0x9e3779b97f4a7c15ull * (uintptr_t)arg + 1;
  char *keep[8] = {0};
  for (int i = 0; i < SMALL_ROUNDS; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    size_t n = 4096 + x % 20000; /* 4 KiB or more: always recorded */
    char *p = __oli_malloc(n, small_site);
    __oli_profile_access(p, 1);
    __oli_profile_access(p + n - 1, 1);
    int k = (int)(x >> 40) & 7;
    free(keep[k]);
    keep[k] = p;
  }
  for (int k = 0; k < 8; k++) free(keep[k]);
  return NULL;
}

static char gbuf[1 << 20] __attribute__((aligned(4096)));

static int run(const char *policy, const char *dir) {
  char pattern[300], path[300];
  snprintf(pattern, sizeof pattern, "%s/%s.json", dir, policy);
  setenv("OLI_POLICY", policy, 1);
  setenv("OLI_PROFILE", pattern, 1);
  setenv("OLI_MIN_SIZE", "64K", 1);
  _oli_options_reset();
  static uint64_t b[4][32];
  __oli_site_t *sa = test_site_at(b[0], 0xa1, OLI_KIND_MALLOC, 0, "k.c", 10, "main", "hot");
  __oli_site_t *sb = test_site_at(b[1], 0xb2, OLI_KIND_MALLOC, 0, "k.c", 11, "main", "cold");
  __oli_site_t *sc = test_site_at(b[2], 0xc3, OLI_KIND_MALLOC, 0, "k.c", 12, "main", "tiny");
  __oli_site_t *sg = test_site_at(b[3], 0xd4, OLI_KIND_GLOBAL, sizeof gbuf, "k.c", 3, "", "gbuf");

  hot = __oli_malloc(4u << 20, sa);
  char *cold = __oli_malloc(2u << 20, sb);
  char *tiny = __oli_malloc(100, sc);
  __oli_register_global(gbuf, sizeof gbuf, sg);
  int local = 0;
  CHECK("allocations worked", hot && cold && tiny);
  CHECK("hot object is in the arena", _oli_arena_contains(hot));

  for (int i = 0; i < 10; i++) __oli_profile_access(hot + 12345 + i, 8);
  __oli_profile_access(hot + (4u << 20) - 1, 8); /* last byte */
  __oli_profile_access(hot, 8);                  /* first byte */
  __oli_profile_access(cold + 4096 * 7, 5);
  __oli_profile_access(gbuf + 999, 3);
  __oli_profile_access(tiny + 99, 100);     /* below OLI_MIN_SIZE: glibc's, recorded */
  __oli_profile_access(&local, 1000);       /* stack */
  CHECK("tiny: not in the arena", !_oli_arena_contains(tiny));
  CHECK_EQ("hot: interior samples attributed", acc(sa), 96);
  CHECK_EQ("cold: one sample", acc(sb), 5);
  CHECK_EQ("global: one sample", acc(sg), 3);
  CHECK_EQ("tiny: below OLI_MIN_SIZE, attributed", acc(sc), 100);
  uint64_t total, un;
  _oli_profile_counts(&total, &un);
  CHECK_EQ("unattributed: the stack", un, 1000);
  CHECK_EQ("total samples", total, 96 + 5 + 3 + 100 + 1000);

  free(cold);
  __oli_profile_access(cold + 4096 * 7, 5); /* freed: no longer the site's */
  CHECK_EQ("freed object: not attributed", acc(sb), 5);
  _oli_profile_counts(&total, &un);
  CHECK_EQ("freed object: unattributed", un, 1005);

  char *moved = __oli_realloc(tiny, 40000, sc); /* glibc moves it (or grows it in place) */
  __oli_profile_access(moved + 39999, 10);
  CHECK_EQ("realloc'ed small object: its new end attributed", acc(sc), 110);
  free(moved);
  __oli_profile_access(moved + 39999, 7);
  _oli_profile_counts(&total, &un);
  CHECK_EQ("freed small object: unattributed", un, 1012);
  CHECK_EQ("freed small object: not attributed", acc(sc), 110);

  /* What the pass calls (__oli_profile_sample, __oli_profile_span): samples
   * where its countdown goes below zero, each weighing `every`, and the
   * countdown back with the next periods, each every +- every/8. */
  static uint64_t bs[2][32], bsg[32];
  __oli_site_t *ss = test_site_at(bs[0], 0x2e5, OLI_KIND_MALLOC, 0, "k.c", 16, "main", "spans");
  __oli_site_t *s2 = test_site_at(bs[1], 0x2e6, OLI_KIND_MALLOC, 0, "k.c", 17, "main", "second");
  char *sp = __oli_malloc(1u << 20, ss), *sp2 = __oli_malloc(1u << 20, s2);
  int64_t cd = __oli_profile_sample(sp, -1, 64);
  CHECK("sample: the countdown back, one period", cd >= 56 && cd <= 72);
  CHECK_EQ("sample: one period's weight", acc(ss), 64);
  cd = __oli_profile_sample(sp, -150, 64);
  CHECK("sample crossing 3 periods: the countdown back", cd >= 0 && cd <= 72);
  CHECK("sample crossing 3 periods: their weight", acc(ss) == 64 + 3 * 64 || acc(ss) == 64 + 4 * 64);
  /* a loop over two arrays, 4 units each per iteration (a vectorised a[i] * b[i]),
   * under a period of 64 that 8 divides: a fixed period would sample one of them only */
  uint64_t at = acc(ss);
  cd = 0;
  for (int i = 0; i < 64000; i++) {
    int64_t left = cd - 8;
    cd = left < 0 ? __oli_profile_sample(left + 8 < 4 ? sp : sp2, left, 64) : left;
  }
  uint64_t a1 = acc(ss) - at, a2 = acc(s2);
  CHECK("two arrays of one loop: both sampled, alike", a1 + a2 >= 64000 * 8 * 95 / 100 && a1 + a2 <= 64000 * 8 * 105 / 100 &&
                                                          a1 * 10 >= a2 * 9 && a2 * 10 >= a1 * 9);
  if (!(a1 * 10 >= a2 * 9 && a2 * 10 >= a1 * 9)) fprintf(stderr, "     got %llu and %llu\n", (unsigned long long)a1, (unsigned long long)a2);
  free(sp2);
  /* one array swept, 4 units an iteration: its steps are the periods' 448-576
   * bytes, a sweep's pace (the clock moves by the mean period): streaming */
  static uint64_t b3[32];
  __oli_site_t *s3 = test_site_at(b3, 0x2e7, OLI_KIND_MALLOC, 0, "k.c", 18, "main", "swept");
  char *sp3 = __oli_malloc(1u << 20, s3);
  cd = 0;
  for (int i = 0; i < (1 << 20) / 32; i++) {
    int64_t left = cd - 4;
    cd = left < 0 ? __oli_profile_sample(sp3 + (size_t)i * 32 + (size_t)(left + 4) * 8, left, 64) : left;
  }
  uint64_t st3[OLI_STEP_CLASSES];
  CHECK_EQ("one array swept, periods that move: streaming", _oli_site_sampled_pattern(_oli_site_state(s3), st3),
           OLI_PATTERN_STREAMING);
  CHECK("one array swept, periods that move: every step a sweep's",
        st3[OLI_STEP_FORWARD] >= (1 << 20) / 32 * 4 / 72 - 2 && st3[OLI_STEP_STRIDED] + st3[OLI_STEP_IRREGULAR] == 0);
  free(sp3);
  /* a memset/memcpy side: a global's bounds are exact, so 20 units with left
   * -15, crossing at unit 5, sample its last or first unit */
  static char gspan[128 << 10]; /* at least OLI_MIN_SIZE (64K here): registered */
  __oli_site_t *sgs = test_site_at(bsg, 0x2f6, OLI_KIND_GLOBAL, sizeof gspan, "k.c", 4, "", "gspan");
  __oli_register_global(gspan, sizeof gspan, sgs);
  cd = __oli_profile_span(gspan + sizeof gspan - 48, 20, -15, 64);
  CHECK("span crossing once: the countdown back", cd >= 56 - 15 && cd <= 72 - 15);
  CHECK_EQ("span crossing once: the crossing unit, the global's last, sampled", acc(sgs), 64);
  __oli_profile_span((const void *)((uintptr_t)gspan - 40), 20, -15, 64); /* starts before it */
  CHECK_EQ("span crossing once: the crossing unit, the global's first, sampled", acc(sgs), 128);
  at = acc(ss);
  cd = __oli_profile_span(sp, 1000, -200, 64);
  CHECK("span crossing 3-4 times: the countdown back", cd >= 0 && cd <= 72);
  CHECK("span crossing 3-4 times: as many units sampled", acc(ss) - at == 3 * 64 || acc(ss) - at == 4 * 64);
  CHECK_EQ("span not crossing zero: countdown as given", __oli_profile_span(sp, 10, 5, 64), 5);
  /* What the pass calls now (__oli_profile_sample4, _span4): the countdown in
   * 4-byte quanta (an int 1, a double 2), periods of 2 x every +- 1/8 quanta,
   * each weighing `every` 8-byte units: a profile counts bytes moved / 8. */
  at = acc(ss);
  cd = __oli_profile_sample4(sp, -1, 64);
  CHECK("sample4: the countdown back, a period of quanta", cd >= 112 - 1 && cd <= 144 - 1);
  CHECK_EQ("sample4: one period's weight, in 8-byte units", acc(ss) - at, 64);
  /* __oli_profile_near4: the same, and its weight among the near accesses */
  uint64_t near_at = _oli_site_near_accesses(_oli_site_state(ss));
  cd = __oli_profile_near4(sp, -1, 64);
  CHECK("near4: the countdown back, a period of quanta", cd >= 112 - 1 && cd <= 144 - 1);
  CHECK_EQ("near4: one period's weight among the accesses", acc(ss) - at, 128);
  CHECK_EQ("near4: and among the near ones", _oli_site_near_accesses(_oli_site_state(ss)) - near_at, 64);
  /* __oli_profile_gather4: the same, and its weight among the gathered
   * accesses, weight x ops among their loops' operations */
  uint64_t g_at, gops_at, g_now, gops_now;
  _oli_site_gathers(_oli_site_state(ss), &g_at, &gops_at);
  at = acc(ss);
  cd = __oli_profile_gather4(sp, -1, 64, 30);
  CHECK("gather4: the countdown back, a period of quanta", cd >= 112 - 1 && cd <= 144 - 1);
  CHECK_EQ("gather4: one period's weight among the accesses", acc(ss) - at, 64);
  _oli_site_gathers(_oli_site_state(ss), &g_now, &gops_now);
  CHECK_EQ("gather4: and among the gathered ones", g_now - g_at, 64);
  CHECK_EQ("gather4: with its loop's 30 operations each", gops_now - gops_at, 64 * 30);
  CHECK_EQ("gather4: not a near access", _oli_site_near_accesses(_oli_site_state(ss)) - near_at, 64);
  at = acc(ss);
  uint64_t per[2];
  for (int q = 1; q <= 2; q++) { /* 64000 ints, then 64000 doubles */
    at = acc(ss);
    cd = 0;
    for (int i = 0; i < 64000; i++) {
      int64_t left = cd - q;
      cd = left < 0 ? __oli_profile_sample4(sp, left, 64) : left;
    }
    per[q - 1] = acc(ss) - at;
  }
  CHECK("sample4: 64000 ints count about 32000 (their bytes / 8)", per[0] >= 32000 * 95 / 100 && per[0] <= 32000 * 105 / 100);
  CHECK("sample4: 64000 doubles count about 64000", per[1] >= 64000 * 95 / 100 && per[1] <= 64000 * 105 / 100);
  if (per[0] * 2 > per[1] * 21 / 10 || per[0] * 2 < per[1] * 19 / 10)
    fprintf(stderr, "     got %llu and %llu\n", (unsigned long long)per[0], (unsigned long long)per[1]);
  /* 40 quanta with left -15 cross at quantum 25, 100 bytes in: the global's
   * last 4 bytes, then (starting 100 bytes before it) its first */
  at = acc(sgs);
  cd = __oli_profile_span4(gspan + sizeof gspan - 104, 40, -15, 64);
  CHECK("span4 crossing once: the countdown back", cd >= 112 - 15 && cd <= 144 - 15);
  CHECK_EQ("span4: the crossing quantum, the global's last, sampled", acc(sgs) - at, 64);
  __oli_profile_span4((const void *)((uintptr_t)gspan - 100), 40, -15, 64);
  CHECK_EQ("span4: the crossing quantum, the global's first, sampled", acc(sgs) - at, 128);
  free(sp);

  /* Patterns from the steps: a sweep of hot, random reads of a fresh object
   * of cold's site (64 samples each, 8 units apart: a sweep moves 64 bytes). */
  char *cold2 = __oli_malloc(2u << 20, sb);
  uint64_t x = 88172645463325252ull;
  for (int i = 0; i < 64; i++) {
    __oli_profile_access(hot + 4096 + (size_t)i * 64, 8);
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    __oli_profile_access(cold2 + x % (2u << 20), 8);
  }
  uint64_t steps[OLI_STEP_CLASSES];
  CHECK_EQ("swept: streaming", _oli_site_sampled_pattern(_oli_site_state(sa), steps), OLI_PATTERN_STREAMING);
  CHECK("swept: forward steps", steps[OLI_STEP_FORWARD] >= 60);
  CHECK_EQ("random reads: gather", _oli_site_sampled_pattern(_oli_site_state(sb), steps), OLI_PATTERN_GATHER);
  CHECK_EQ("too few steps: no pattern", _oli_site_sampled_pattern(_oli_site_state(sg), NULL), OLI_PATTERN_NONE);
  free(cold2);
  /* A stencil under a period shorter than its rows: the samples hop between
   * the rows above and below a front that moves (steps of about a row, both
   * ways, no sweep's pace): short beside the span, so streaming, where reads
   * by index over the object (cold2's above) gather. */
  static uint64_t bst[32];
  __oli_site_t *sst = test_site_at(bst, 0x3e5, OLI_KIND_MALLOC, 0, "k.c", 19, "main", "stencil");
  char *grid = __oli_malloc(4u << 20, sst);
  for (int i = 0; i < 3000; i++) {
    static const long row[3] = {-8192, 8192, 0};
    __oli_profile_access(grid + 8192 + (size_t)i * 1024 + row[i % 3], 8);
  }
  uint64_t sts[OLI_STEP_CLASSES];
  CHECK_EQ("stencil rows around a moving front: streaming", _oli_site_sampled_pattern(_oli_site_state(sst), sts),
           OLI_PATTERN_STREAMING);
  CHECK("stencil: its steps are irregular ones", sts[OLI_STEP_IRREGULAR] > sts[OLI_STEP_FORWARD] + sts[OLI_STEP_BACKWARD]);
  free(grid);
  /* Steps both ways alike (16 units apart: at most 128 bytes is a sweep's pace):
   * short beside the span, a walk back and forth as it goes (an FFT's row, a
   * histogram's bucket) streams; over a small stretch, reads by index
   * gather, unless the pass found the addresses computed (streaming). */
  static uint64_t bw[3][32];
  __oli_site_t *sd = test_site_at(bw[0], 0xe5, OLI_KIND_MALLOC, 0, "k.c", 13, "main", "walked");
  __oli_site_t *se = test_site_at(bw[1], 0xf6, OLI_KIND_MALLOC, 0, "k.c", 14, "main", "indexed");
  __oli_site_t *sf = test_site_at(bw[2], 0x107, OLI_KIND_MALLOC, 0, "k.c", 15, "main", "butterflies");
  char *walked = __oli_malloc(2u << 20, sd), *indexed = __oli_malloc(4096, se), *fly = __oli_malloc(4096, sf);
  _oli_site_state(sf)->estimate.confidence = OLI_CONFIDENCE_MEDIUM;
  _oli_site_state(sf)->estimate.pattern = OLI_PATTERN_STREAMING;
  _oli_site_state(se)->estimate = _oli_site_state(sf)->estimate; /* ... but a share of it gathered */
  _oli_site_state(se)->estimate.share[oli_access_pattern_share(OLI_PATTERN_GATHER)] = 5;
  for (int i = 0; i < 256; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    __oli_profile_access(walked + (size_t)i * 16 + x % 128, 16);
    __oli_profile_access(indexed + (x >> 8) % 128, 16);
    __oli_profile_access(fly + (x >> 16) % 128, 16);
  }
  uint64_t ws[OLI_STEP_CLASSES], is[OLI_STEP_CLASSES];
  CHECK_EQ("walked back and forth: streaming", _oli_site_sampled_pattern(_oli_site_state(sd), ws), OLI_PATTERN_STREAMING);
  CHECK("walked: both ways alike", ws[OLI_STEP_BACKWARD] * 10 >= 3 * (ws[OLI_STEP_FORWARD] + ws[OLI_STEP_BACKWARD]) &&
                                       2 * (ws[OLI_STEP_FORWARD] + ws[OLI_STEP_BACKWARD]) >= 255);
  CHECK_EQ("small stretch by index (the pass's estimate gathers some of it): gather", _oli_site_sampled_pattern(_oli_site_state(se), is), OLI_PATTERN_GATHER);
  CHECK("indexed: both ways alike", is[OLI_STEP_BACKWARD] * 10 >= 3 * (is[OLI_STEP_FORWARD] + is[OLI_STEP_BACKWARD]));
  CHECK_EQ("small stretch, addresses computed by the pass's estimate: streaming",
           _oli_site_sampled_pattern(_oli_site_state(sf), NULL), OLI_PATTERN_STREAMING);
  free(walked), free(indexed), free(fly);
  /* A scatter to 64 buckets' cursors across a large object (a radix sort's):
   * the samples alternate between the buckets, irregular steps over the
   * whole span; streams when the pass found each address a cursor's, else a
   * gather (the steps alone cannot tell it from reads by index). */
  static uint64_t bk[2][32];
  __oli_site_t *sk = test_site_at(bk[0], 0x118, OLI_KIND_MALLOC, 0, "k.c", 16, "main", "buckets");
  __oli_site_t *sk2 = test_site_at(bk[1], 0x129, OLI_KIND_MALLOC, 0, "k.c", 17, "main", "unknown_buckets");
  char *bkt = __oli_malloc(4u << 20, sk), *bkt2 = __oli_malloc(4u << 20, sk2);
  _oli_site_state(sk)->estimate = _oli_site_state(sf)->estimate;
  size_t cur[64] = {0};
  for (int i = 0; i < 512; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    size_t b = x % 64, at2 = b * (64u << 10) + cur[b]++ * 8;
    __oli_profile_access(bkt + at2, 8);
    __oli_profile_access(bkt2 + at2, 8);
  }
  uint64_t ks[OLI_STEP_CLASSES];
  CHECK_EQ("bucket cursors, addresses computed by the pass's estimate: streaming",
           _oli_site_sampled_pattern(_oli_site_state(sk), ks), OLI_PATTERN_STREAMING);
  CHECK("bucket cursors: their steps are irregular ones", ks[OLI_STEP_IRREGULAR] * 2 > 511);
  CHECK_EQ("bucket cursors without the pass's word: gather", _oli_site_sampled_pattern(_oli_site_state(sk2), NULL),
           OLI_PATTERN_GATHER);
  free(bkt), free(bkt2);

  pthread_t t[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) pthread_create(&t[i], NULL, sampler, NULL);
  for (int i = 0; i < NTHREADS; i++) pthread_join(t[i], NULL);
  CHECK_EQ("threads: every sample counted", acc(sa), 96 + 64 * 8 + NTHREADS * PER_THREAD);
  small_site = sc;
  uint64_t before = acc(sc);
  for (int i = 0; i < NTHREADS; i++) pthread_create(&t[i], NULL, small_churn, (void *)(uintptr_t)(i + 1));
  for (int i = 0; i < NTHREADS; i++) pthread_join(t[i], NULL);
  CHECK_EQ("threads: small objects' samples all their site's", acc(sc) - before, 2ull * NTHREADS * SMALL_ROUNDS);

  /* __oli_profile_ops: counts period - left (the block that crossed zero
   * included) and gives the period back; nothing while the profile is paused */
  static uint64_t ops_expected; /* the counter is the process's: both runs' */
  CHECK_EQ("ops: the period back", __oli_profile_ops(-5, 65536), 65536);
  ops_expected += 65536 + 5;
  oli_profile_pause();
  CHECK_EQ("ops paused: the period back", __oli_profile_ops(-7, 65536), 65536);
  oli_profile_resume();

  snprintf(path, sizeof path, "%s/%s.json", dir, policy);
  CHECK_EQ("profile written", _oli_profile_write(pattern), 0);
  oli_json_error_t err;
  oli_json_doc_t *doc = oli_json_parse_file(path, NULL, &err);
  CHECK("profile parses", doc != NULL);
  if (doc) {
    const oli_json_t *root = oli_json_root(doc);
    CHECK_STR("access_source portable", oli_json_str(oli_json_get(root, "access_source")), "portable");
    uint64_t v = 0;
    oli_json_u64(oli_json_get(root, "unattributed_accesses"), &v);
    CHECK_EQ("profile: unattributed_accesses", v, 1012);
    v = 0;
    oli_json_u64(oli_json_get(root, "operations"), &v);
    CHECK_EQ("profile: operations, none while paused", v, ops_expected);
    const oli_json_t *s = oli_json_first(oli_json_get(root, "sites"));
    for (; s; s = s->next)
      if (strcmp(oli_json_str(oli_json_get(s, "id")), "0x00000000000000a1") == 0) break;
    v = 0;
    if (s) oli_json_u64(oli_json_get(s, "accesses"), &v);
    CHECK_EQ("profile: hot site's accesses", v, 96 + 64 * 8 + NTHREADS * PER_THREAD);
    oli_json_free(doc);
  }
  unlink(path);
  unsetenv("OLI_PROFILE"); /* no second profile at exit */
  _oli_options_reset();
  return TEST_SUMMARY();
}

int main(void) {
  char dir[] = "/tmp/oli-test-profile-access-XXXXXX";
  CHECK("temp dir", mkdtemp(dir) != NULL);
  const char *policies[] = {"dram", "off"};
  int failed = 0;
  for (int k = 0; k < 2; k++) {
    pid_t pid = fork();
    if (pid == 0) _exit(run(policies[k], dir));
    int st = 0;
    waitpid(pid, &st, 0);
    fprintf(stderr, "OLI_POLICY=%s: %s\n", policies[k], WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "ok" : "FAILED");
    failed |= !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  }
  rmdir(dir);
  return failed;
}
