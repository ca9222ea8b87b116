/* test-mpi: under `mpiexec -n 2` (MPICH) each rank reads its own rank from
 * the launcher's environment: the start-up log names it and OLI_PROFILE=%r
 * gives one profile per rank, never overwritten. Skips (77) without mpiexec. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "json.h"
#include "sitehelper.h"
#include "testhelper.h"

static int rank_main(void) {
  static uint64_t buf[32];
  __oli_site_t *s = test_site_at(buf, 0x4d5049, OLI_KIND_MALLOC, 0, "mpi.c", 7, "main", "x");
  char *p = __oli_malloc(4 << 20, s);
  if (p == NULL) return 1;
  memset(p, 1, 4 << 20);
  free(p);
  return 0; /* the profile is written at exit */
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--rank") == 0) return rank_main();
  const char *mpiexec = "/usr/bin/mpiexec";
  if (access(mpiexec, X_OK) != 0) TEST_SKIP("no /usr/bin/mpiexec (MPICH)");

  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) TEST_SKIP("cannot find own executable");
  self[n] = '\0';
  char dir[] = "/tmp/oli-test-mpi-XXXXXX";
  CHECK("temp dir", mkdtemp(dir) != NULL);
  char pattern[256], log[256], cmd[2048];
  snprintf(pattern, sizeof pattern, "%s/p.%%r.json", dir);
  snprintf(log, sizeof log, "%s/log", dir);
  setenv("OLI_PROFILE", pattern, 1);
  setenv("OLI_VERBOSE", "1", 1);
  setenv("OLI_POLICY", "dram", 1);
  snprintf(cmd, sizeof cmd, "timeout 60 %s -n 2 %s --rank 2>%s", mpiexec, self, log);
  int st = system(cmd);
  if (WIFEXITED(st) && WEXITSTATUS(st) == 127) TEST_SKIP("mpiexec could not start");
  CHECK_EQ("mpiexec -n 2: exit 0", WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0);

  char text[16384] = "";
  FILE *f = fopen(log, "r");
  if (f) {
    size_t k = fread(text, 1, sizeof text - 1, f);
    text[k] = '\0';
    fclose(f);
  }
  CHECK("rank 0 logs its rank", strstr(text, ", MPI rank 0\n") != NULL);
  CHECK("rank 1 logs its rank", strstr(text, ", MPI rank 1\n") != NULL);
  for (int r = 0; r < 2; r++) {
    char path[300], name[64];
    snprintf(path, sizeof path, "%s/p.%d.json", dir, r);
    oli_json_error_t err;
    oli_json_doc_t *doc = oli_json_parse_file(path, NULL, &err);
    snprintf(name, sizeof name, "profile of rank %d written", r);
    CHECK(name, doc != NULL);
    uint64_t rank = 99;
    oli_json_u64(oli_json_get(oli_json_root(doc), "rank"), &rank);
    snprintf(name, sizeof name, "profile of rank %d says rank %d", r, r);
    CHECK_EQ(name, rank, r);
    const oli_json_t *sites = oli_json_get(oli_json_root(doc), "sites");
    snprintf(name, sizeof name, "profile of rank %d has the site", r);
    CHECK(name, oli_json_count(sites) == 1 &&
                    strcmp(oli_json_str(oli_json_get(oli_json_first(sites), "id")),
                           "0x00000000004d5049") == 0);
    oli_json_free(doc);
    unlink(path);
  }

  /* mpiexec -bind-to core: each rank on its own "socket" of the two-cpus tree */
  if (sysconf(_SC_NPROCESSORS_ONLN) >= 2) {
    char root[1024];
    snprintf(root, sizeof root, "%s/two-cpus", OLI_TEST_DATA);
    setenv("OLI_SYSFS_ROOT", root, 1);
    unsetenv("OLI_PROFILE");
    snprintf(cmd, sizeof cmd, "timeout 60 %s -n 2 -bind-to core %s --rank 2>%s", mpiexec, self, log);
    st = system(cmd);
    CHECK_EQ("mpiexec -bind-to core: exit 0", WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0);
    text[0] = '\0';
    f = fopen(log, "r");
    if (f) {
      size_t k = fread(text, 1, sizeof text - 1, f);
      text[k] = '\0';
      fclose(f);
    }
    CHECK("a rank bound to CPU 0 uses node 0 and its CXL node 2",
          strstr(text, "local DRAM node 0 (CPUs of node 0), CXL node 2, remote DRAM node 1") != NULL);
    CHECK("a rank bound to CPU 1 uses node 1 and its CXL node 3",
          strstr(text, "local DRAM node 1 (CPUs of node 1), CXL node 3, remote DRAM node 0") != NULL);
  } else {
    fprintf(stderr, "note: one CPU only, -bind-to core check skipped\n");
  }
  unlink(log);
  rmdir(dir);
  return TEST_SUMMARY();
}
