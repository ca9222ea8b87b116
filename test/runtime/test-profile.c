/* test-profile: the oli-profile written at exit (OLI_PROFILE): per-site
 * counters of real allocations, schema and version, %p in the name, atomic
 * write (no temporary left), an unwritable path warning instead of failing,
 * and the profile read back as OLI_PLAN input. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "json.h"
#include "sitehelper.h"
#include "testhelper.h"

static char captured[8192];
static void capture(const char *msg, void *arg) {
  (void)arg;
  size_t have = strlen(captured), add = strlen(msg);
  if (have + add < sizeof captured) memcpy(captured + have, msg, add + 1);
}

static const oli_json_t *site_by_id(const oli_json_t *sites, const char *id) {
  for (const oli_json_t *s = oli_json_first(sites); s; s = s->next) {
    const char *v = oli_json_str(oli_json_get(s, "id"));
    if (v && strcmp(v, id) == 0) return s;
  }
  return NULL;
}

static uint64_t u64(const oli_json_t *s, const char *key) {
  uint64_t v = UINT64_MAX;
  oli_json_u64(oli_json_get(s, key), &v);
  return v;
}

int main(void) {
  setenv("OLI_POLICY", "dram", 1);
  unsetenv("OLI_PROFILE");
  _oli_options_reset();
  _oli_set_output(capture, NULL);
  static uint64_t b1[32], b2[32], b3[32];
  __oli_site_t *big = test_site_at(b1, 0x1234abcd, OLI_KIND_MALLOC, 0, "src/k.c", 40, "main", "grid");
  big->rel = 5;
  __oli_site_t *small = test_site_at(b2, 0x77, OLI_KIND_CALLOC, 0, "src/k.c", 41, "init", NULL);
  __oli_site_t *unused = test_site_at(b3, 0x99, OLI_KIND_MALLOC, 0, "src/k.c", 42, "main", NULL);
  _oli_site_state(unused);

  void *p[3];
  for (int i = 0; i < 3; i++) p[i] = __oli_malloc((size_t)(2 + i) << 20, big);
  free(p[0]);
  void *q = __oli_calloc(10, 100, small);
  CHECK("allocations worked", p[1] && p[2] && q);

  char dir[] = "/tmp/oli-test-profile-XXXXXX";
  CHECK("temp dir", mkdtemp(dir) != NULL);
  char pattern[256], path[256];
  snprintf(pattern, sizeof pattern, "%s/prof.%%p.json", dir);
  snprintf(path, sizeof path, "%s/prof.%ld.json", dir, (long)getpid());
  CHECK_EQ("profile written", _oli_profile_write(pattern), 0);

  oli_json_error_t err;
  oli_json_doc_t *doc = oli_json_parse_file(path, NULL, &err);
  CHECK("file named with the pid parses as JSON", doc != NULL);
  if (doc == NULL) {
    fprintf(stderr, "     %s\n", err.msg);
    return TEST_SUMMARY();
  }
  const oli_json_t *root = oli_json_root(doc);
  CHECK_STR("schema", oli_json_str(oli_json_get(root, "schema")), "oli-profile");
  CHECK_EQ("version", u64(root, "version"), 1);
  CHECK_STR("program", oli_json_str(oli_json_get(root, "program")), "test-profile");
  CHECK_STR("access source none", oli_json_str(oli_json_get(root, "access_source")), "none");
  CHECK("footprint at least the live placed bytes", u64(root, "footprint_peak") >= (7ULL << 20));
  const oli_json_t *sites = oli_json_get(root, "sites");
  const oli_json_t *s = site_by_id(sites, "0x000000001234abcd");
  CHECK("big site present", s != NULL);
  CHECK_EQ("big: count", u64(s, "count"), 3);
  CHECK_EQ("big: largest", u64(s, "largest"), 4ULL << 20);
  CHECK_EQ("big: total", u64(s, "total_bytes"), 9ULL << 20);
  CHECK_EQ("big: peak live", u64(s, "peak_live"), 9ULL << 20);
  CHECK_EQ("big: rel", u64(s, "rel"), 5);
  CHECK_EQ("big: line", u64(s, "line"), 40);
  CHECK_STR("big: file", oli_json_str(oli_json_get(s, "file")), "src/k.c");
  CHECK_STR("big: function", oli_json_str(oli_json_get(s, "function")), "main");
  CHECK_STR("big: name", oli_json_str(oli_json_get(s, "name")), "grid");
  CHECK_STR("big: kind", oli_json_str(oli_json_get(s, "kind")), "malloc");
  CHECK_EQ("big: accesses", u64(s, "accesses"), 0);
  s = site_by_id(sites, "0x0000000000000077");
  CHECK("small calloc site present", s != NULL && u64(s, "count") == 1 && u64(s, "total_bytes") == 1000);
  CHECK("small: name null", s && oli_json_get(s, "name") && oli_json_get(s, "name")->type == OLI_JSON_NULL);
  s = site_by_id(sites, "0x0000000000000099");
  CHECK("registered site that never allocated: listed with count 0", s != NULL && u64(s, "count") == 0);
  oli_json_free(doc);

  char tmpname[300];
  snprintf(tmpname, sizeof tmpname, "%s.tmp.%ld", path, (long)getpid());
  CHECK("no temporary left", access(tmpname, F_OK) != 0);

  /* the profile is valid OLI_PLAN input (intensities unknown: access_source none) */
  int fd = open(path, O_RDONLY);
  char text[65536];
  ssize_t n = read(fd, text, sizeof text);
  close(fd);
  char msg[300];
  CHECK_EQ("profile read back as plan input", _oli_plan_set_text(text, (size_t)n, msg, sizeof msg), 0);
  const oli_plan_entry_t *e = _oli_plan_lookup(big);
  CHECK("read back: entry without placement", e && e->placement == OLI_PLACE_DEFAULT && e->intensity < 0);
  unlink(path);

  captured[0] = '\0';
  CHECK_EQ("unwritable directory: -1", _oli_profile_write("/nonexistent-dir/p.json"), -1);
  CHECK("unwritable directory: one warning",
        strstr(captured, "oli: warning: OLI_PROFILE: cannot write '/nonexistent-dir/p.json': No such "
                         "file or directory\n") != NULL);
  /* a symlink as the name: written through, not replaced */
  char target[300], link[300];
  snprintf(target, sizeof target, "%s/target.json", dir);
  snprintf(link, sizeof link, "%s/link.json", dir);
  fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  close(fd);
  CHECK("symlink made", symlink(target, link) == 0);
  CHECK_EQ("profile through a symlink", _oli_profile_write(link), 0);
  struct stat lst, tst;
  CHECK("the symlink is still a symlink", lstat(link, &lst) == 0 && S_ISLNK(lst.st_mode));
  CHECK("its target holds the profile", stat(target, &tst) == 0 && tst.st_size > 50);
  unlink(link);
  unlink(target);

  /* at exit, with OLI_PROFILE set */
  pid_t pid = fork();
  if (pid == 0) {
    setenv("OLI_PROFILE", pattern, 1);
    _oli_options_reset();
    exit(0);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  snprintf(path, sizeof path, "%s/prof.%ld.json", dir, (long)pid);
  CHECK("OLI_PROFILE: written at exit, %p is the child's pid", access(path, R_OK) == 0);
  unlink(path);
  rmdir(dir);

  free(p[1]);
  free(p[2]);
  free(q);
  _oli_set_output(NULL, NULL);
  return TEST_SUMMARY();
}
