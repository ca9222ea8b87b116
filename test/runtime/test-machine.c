/* test-machine: the runtime applies a machine file of `oli calibrate`
 * (runtime/base/machine.c) ahead of HMAT: OLI_MACHINE gives the weights (source
 * "machine") and the nodes' bandwidth and latency; OLI_MACHINE=none and a
 * file without a measurement from this process's node leave HMAT's; a bad
 * file, or one from another machine, stops the process with one line and
 * exit status 2. Against the recorded tree data/hmat (node 0: CPUs, HMAT
 * 20000 MB/s; node 2: CPU-less, 5000 MB/s: 4:1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "testhelper.h"

static char dir[] = "/tmp/oli-test-machine.XXXXXX";

static const char *file(const char *name, const char *text) {
  static char path[8][256];
  static int k;
  char *p = path[k++ % 8];
  snprintf(p, 256, "%s/%s", dir, name);
  FILE *f = fopen(p, "w");
  if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0) TEST_SKIP("cannot write a temporary file");
  return p;
}

/* Child: initialise with OLI_MACHINE=machine (NULL: unset), print the weights
 * and node 2's figures; stderr in out. Returns the exit status. */
static int run(const char *machine, char *out, size_t n) {
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid < 0) return -1;
  if (pid == 0) {
    setenv("OLI_SYSFS_ROOT", OLI_TEST_DATA "/hmat", 1);
    setenv("OLI_VERBOSE", "1", 1);
    if (machine) setenv("OLI_MACHINE", machine, 1);
    else unsetenv("OLI_MACHINE");
    uint32_t w[OLI_MAX_TARGETS];
    _oli_process_init(); /* the accessors read what start-up set */
    const char *src = _oli_weights(w);
    const oli_topology_t *t = _oli_topology();
    fprintf(stderr, "RESULT source=%s weights=%u:%u node2=%u/%u\n", src, w[0], w[1], t->nodes[2].read_bw,
            t->nodes[2].read_lat);
    exit(0);
  }
  return test_child_collect(fd, pid, out, n);
}

static int count_lines(const char *s) {
  int n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

int main(void) {
  if (mkdtemp(dir) == NULL) TEST_SKIP("no temporary directory");
  char out[8192];
  const char *good = file("good.json",
      "{\"schema\": \"oli-machine\", \"version\": 1, \"host\": \"t\", \"measurements\": [\n"
      " {\"from\": 0, \"to\": 0, \"read_bandwidth\": 30000, \"idle_latency\": 90},\n"
      " {\"from\": 0, \"to\": 2, \"read_bandwidth\": 10000, \"idle_latency\": 320},\n"
      " {\"from\": 1, \"to\": 2, \"read_bandwidth\": 2000}]}\n");
  CHECK_EQ("good file: exit 0", run(good, out, sizeof out), 0);
  CHECK("good file: weights 3:1 from the machine file", strstr(out, "RESULT source=machine weights=3:1 node2=10000/320"));
  CHECK("good file: verbose names it", strstr(out, "oli: machine file ") && strstr(out, "2 measurements from node 0"));

  CHECK_EQ("unset: exit 0", run(NULL, out, sizeof out), 0);
  CHECK("unset: HMAT's 4:1", strstr(out, "RESULT source=hmat weights=4:1 node2=5000/250"));
  CHECK_EQ("none: exit 0", run("none", out, sizeof out), 0);
  CHECK("none: HMAT's 4:1", strstr(out, "RESULT source=hmat weights=4:1"));

  const char *other = file("other.json", "{\"schema\": \"oli-machine\", \"version\": 1, \"measurements\": [\n"
                                         " {\"from\": 1, \"to\": 2, \"read_bandwidth\": 2000}]}\n");
  CHECK_EQ("no row from node 0: exit 0", run(other, out, sizeof out), 0);
  CHECK("no row from node 0: HMAT, and says why",
        strstr(out, "RESULT source=hmat weights=4:1") && strstr(out, "no measurement from node 0"));

  const char *bad = file("bad.json", "{\"schema\": \"oli-machine\", \"version\": 1, \"measurements\": [\n"
                                     " {\"from\": 0, \"to\": 2, \"read_bandwidth\": 0}]}\n");
  CHECK_EQ("bad bandwidth: exit 2", run(bad, out, sizeof out), 2);
  char want[512];
  snprintf(want, sizeof want,
           "oli: error: OLI_MACHINE=%s: line 2, column 41: measurements[0].read_bandwidth is not a whole number "
           "of MB/s above 0; write one with oli calibrate -o FILE, or set OLI_MACHINE=none\n", bad);
  CHECK_STR("bad bandwidth: one line naming file, line, column and what is accepted",
            strstr(out, "oli: error:") ? strstr(out, "oli: error:") : out, want);
  CHECK_EQ("bad bandwidth: no result", strstr(out, "RESULT") == NULL, 1);

  const char *foreign = file("foreign.json", "{\"schema\": \"oli-machine\", \"version\": 1, \"measurements\": [\n"
                                             " {\"from\": 0, \"to\": 5, \"read_bandwidth\": 900}]}\n");
  CHECK_EQ("another machine's file: exit 2", run(foreign, out, sizeof out), 2);
  CHECK("another machine's file: says so", strstr(out, "node 5 measured from node 0: this machine has no such") &&
                                               count_lines(strstr(out, "oli: error:")) == 1);
  CHECK_EQ("missing file: exit 2", run("/nonexistent/m.json", out, sizeof out), 2);
  CHECK("missing file: cannot open", strstr(out, "OLI_MACHINE=/nonexistent/m.json: cannot open: No such file"));
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) fprintf(stderr, "(could not remove %s)\n", dir);
  return TEST_SUMMARY();
}
