/* test-profile-access: __oli_profile_access (portable profile, pass option
 * profile-every=N) attributes each sample to the live object holding the
 * address - interior pointers of arena blocks and registered globals - adds
 * its weight to that site's accesses, counts the rest as unattributed, is
 * exact under threads, and the profile written at exit carries it with
 * access_source "portable". Run twice in forked children: OLI_POLICY=dram
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
  __oli_profile_access(tiny + 1, 100);      /* below OLI_MIN_SIZE: glibc */
  __oli_profile_access(&local, 1000);       /* stack */
  CHECK_EQ("hot: interior samples attributed", acc(sa), 96);
  CHECK_EQ("cold: one sample", acc(sb), 5);
  CHECK_EQ("global: one sample", acc(sg), 3);
  CHECK_EQ("tiny: below OLI_MIN_SIZE, not attributed", acc(sc), 0);
  uint64_t total, un;
  _oli_profile_counts(&total, &un);
  CHECK_EQ("unattributed: tiny + stack", un, 1100);
  CHECK_EQ("total samples", total, 96 + 5 + 3 + 1100);

  free(cold);
  __oli_profile_access(cold + 4096 * 7, 5); /* freed: no longer the site's */
  CHECK_EQ("freed object: not attributed", acc(sb), 5);
  _oli_profile_counts(&total, &un);
  CHECK_EQ("freed object: unattributed", un, 1105);

  pthread_t t[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) pthread_create(&t[i], NULL, sampler, NULL);
  for (int i = 0; i < NTHREADS; i++) pthread_join(t[i], NULL);
  CHECK_EQ("threads: every sample counted", acc(sa), 96 + NTHREADS * PER_THREAD);

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
    CHECK_EQ("profile: unattributed_accesses", v, 1105);
    const oli_json_t *s = oli_json_first(oli_json_get(root, "sites"));
    for (; s; s = s->next)
      if (strcmp(oli_json_str(oli_json_get(s, "id")), "0x00000000000000a1") == 0) break;
    v = 0;
    if (s) oli_json_u64(oli_json_get(s, "accesses"), &v);
    CHECK_EQ("profile: hot site's accesses", v, 96 + NTHREADS * PER_THREAD);
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
