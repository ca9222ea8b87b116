/* test-topology: the sysfs reader against recorded trees (test/runtime/data):
 * node kinds, CPUs, memory, distances, HMAT, memory tiers, kernel weighted
 * interleave, the caller's node from CPU affinity, nearest CXL/remote nodes,
 * default weights and their source, overrides and their errors, broken trees
 * (warnings, no crash), and process init reading OLI_SYSFS_ROOT. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "testhelper.h"

static char captured[16384];
static void capture(const char *msg, void *arg) {
  (void)arg;
  size_t have = strlen(captured), add = strlen(msg);
  if (have + add < sizeof captured) memcpy(captured + have, msg, add + 1);
}

static oli_topology_t t;

static int load(const char *name) {
  char root[1024];
  snprintf(root, sizeof root, "%s/%s", OLI_TEST_DATA, name);
  captured[0] = '\0';
  _oli_messages_reset();
  return _oli_topology_read(root, &t);
}

/* Pretend the caller may run on CPUs [lo, hi]. */
static void cpus(int lo, int hi, int current) {
  uint64_t m[OLI_MAX_CPUS / 64] = {0};
  for (int c = lo; c <= hi; c++) m[c / 64] |= 1ULL << (c % 64);
  _oli_topology_set_cpus(&t, m, OLI_MAX_CPUS / 64, current);
}

static void *init_thread(void *arg) {
  _oli_process_init();
  *(const oli_topology_t **)arg = _oli_topology();
  return NULL;
}

/* Child: 16 threads race into process init; exit 0 when all saw the same,
 * initialised topology. */
static int racing_child(char *out, size_t n) {
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid < 0) return -1;
  if (pid == 0) {
    _oli_set_output(NULL, NULL);
    char root[1024];
    snprintf(root, sizeof root, "%s/hmat", OLI_TEST_DATA);
    setenv("OLI_SYSFS_ROOT", root, 1);
    setenv("OLI_VERBOSE", "1", 1);
    _oli_options_reset();
    pthread_t th[16];
    const oli_topology_t *seen[16];
    for (int i = 0; i < 16; i++) pthread_create(&th[i], NULL, init_thread, &seen[i]);
    int bad = 0;
    for (int i = 0; i < 16; i++) {
      pthread_join(th[i], NULL);
      if (seen[i] != seen[0] || seen[i]->num_nodes != 4) bad++;
    }
    _exit(bad == 0 && _oli_is_initialized() ? 0 : 1);
  }
  return test_child_collect(fd, pid, out, n);
}

/* Child pinned to `cpu` reading the two-cpus tree: exit 10 + local node,
 * 77 when the CPU cannot be had. */
static int pinned_child(int cpu) {
  pid_t pid = fork();
  if (pid == 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) _exit(77);
    char root[1024];
    snprintf(root, sizeof root, "%s/two-cpus", OLI_TEST_DATA);
    _oli_set_output(NULL, NULL);
    oli_topology_t tt;
    _oli_topology_read(root, &tt);
    _exit(tt.local_node == 1 && tt.cxl_node == 3 && tt.remote_node == 0   ? 11
          : tt.local_node == 0 && tt.cxl_node == 2 && tt.remote_node == 1 ? 10
                                                                           : 1);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Run process init in a child with env "A=1\nB=2"; stderr into out; exit status. */
static int init_child(const char *tree, const char *env, char *out, size_t n) {
  int fd[2];
  pid_t pid = test_child_fork(fd);
  if (pid < 0) return -1;
  if (pid == 0) {
    _oli_set_output(NULL, NULL);
    char root[1024], buf[512];
    snprintf(root, sizeof root, "%s/%s", OLI_TEST_DATA, tree);
    setenv("OLI_SYSFS_ROOT", root, 1);
    snprintf(buf, sizeof buf, "%s", env);
    for (char *kv = strtok(buf, "\n"); kv; kv = strtok(NULL, "\n")) {
      char *eq = strchr(kv, '=');
      *eq = '\0';
      setenv(kv, eq + 1, 1);
    }
    _oli_options_reset();
    _oli_process_init(); /* the accessors read what start-up set */
    const oli_topology_t *p = _oli_topology();
    _exit(p != NULL && _oli_is_initialized() ? 0 : 3);
  }
  return test_child_collect(fd, pid, out, n);
}

int main(void) {
  const char *const vars[] = {"OLI_POLICY", "OLI_VERBOSE", "OLI_STRICT", "OLI_WEIGHTS", "OLI_DRAM_NODES",
                              "OLI_CXL_NODES", "OLI_SYSFS_ROOT", "OLI_DRAM_LIMIT", "OLI_PLAN"};
  for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) unsetenv(vars[i]);
  _oli_options_reset();
  _oli_set_output(capture, NULL);
  uint32_t w[OLI_MAX_TARGETS];
  char msg[400];

  /* laptop: one node */
  CHECK_EQ("laptop: read ok", load("laptop"), 0);
  CHECK_EQ("laptop: 1 node", t.num_nodes, 1);
  CHECK_EQ("laptop: node 0 DRAM", t.nodes[0].kind, OLI_NODE_DRAM);
  CHECK_EQ("laptop: 8 cpus", t.nodes[0].ncpus, 8);
  CHECK_EQ("laptop: 16 GiB", t.nodes[0].mem_total, 16ULL << 30);
  CHECK_EQ("laptop: 9 GiB free", t.nodes[0].mem_free, 9ULL << 30);
  CHECK_EQ("laptop: distance 10", t.distance[0][0], 10);
  cpus(0, 7, 0);
  CHECK_EQ("laptop: local 0", t.local_node, 0);
  CHECK_EQ("laptop: no CXL", t.cxl_node, -1);
  CHECK_EQ("laptop: no remote", t.remote_node, -1);
  CHECK_EQ("laptop: no kernel weighted interleave", t.kernel_wi, 0);
  CHECK_EQ("laptop: no tiers", t.tiers, 0);
  CHECK_STR("laptop: default weights source", _oli_topology_default_weights(&t, w), "default");
  CHECK("laptop: default 3:1", w[0] == 3 && w[1] == 1 && w[2] == 0);
  CHECK_STR("laptop: no warnings", captured, "");

  /* 2-socket server with a CXL node */
  CHECK_EQ("server: read ok", load("server-cxl"), 0);
  CHECK_EQ("server: 3 nodes", t.num_nodes, 3);
  CHECK("server: kinds DRAM DRAM CXL", t.nodes[0].kind == OLI_NODE_DRAM &&
                                           t.nodes[1].kind == OLI_NODE_DRAM &&
                                           t.nodes[2].kind == OLI_NODE_CXL);
  CHECK("server: cpus 32 32 0", t.nodes[0].ncpus == 32 && t.nodes[1].ncpus == 32 &&
                                    t.nodes[2].ncpus == 0);
  CHECK("server: cpu 40 on node 0", t.cpus[0][0] >> 40 & 1);
  CHECK("server: cpu 20 on node 1", t.cpus[1][0] >> 20 & 1);
  CHECK_EQ("server: distance 1->2", t.distance[1][2], 40);
  CHECK_EQ("server: distance 2->0", t.distance[2][0], 30);
  CHECK_EQ("server: CXL memory", t.nodes[2].mem_total, 256ULL << 30);
  cpus(0, 15, -1);
  CHECK("server: socket 0 -> local 0, cxl 2, remote 1",
        t.cpu_node == 0 && t.local_node == 0 && t.cxl_node == 2 && t.remote_node == 1);
  cpus(16, 31, -1);
  CHECK("server: socket 1 (mpirun --bind-to socket) -> local 1, cxl 2, remote 0",
        t.cpu_node == 1 && t.local_node == 1 && t.cxl_node == 2 && t.remote_node == 0);
  cpus(12, 31, -1);
  CHECK_EQ("server: majority of allowed CPUs wins", t.local_node, 1);
  cpus(0, 63, 40);
  CHECK_EQ("server: tie broken by current CPU (node 0)", t.local_node, 0);
  cpus(0, 63, 20);
  CHECK_EQ("server: tie broken by current CPU (node 1)", t.local_node, 1);
  cpus(0, 63, -1);
  CHECK_EQ("server: tie without current CPU: lowest node", t.local_node, 0);
  CHECK_STR("server: no HMAT, no kernel weights: default", _oli_topology_default_weights(&t, w),
            "default");

  /* overrides on the server */
  CHECK("override: CXL node with CPUs refused",
        _oli_topology_check_overrides(&t, 0, 1ULL << 1, false, msg, sizeof msg) == -1);
  CHECK_STR("override: CPU message", msg,
            "OLI_CXL_NODES names node 1, which has CPUs (a DRAM node); write "
            "OLI_CXL_NODES=force:1 to use it as CXL anyway");
  CHECK("override: forced CXL node with CPUs accepted",
        _oli_topology_check_overrides(&t, 0, 1ULL << 1, true, msg, sizeof msg) == 0);
  CHECK("override: missing node refused",
        _oli_topology_check_overrides(&t, 0, 1ULL << 5, false, msg, sizeof msg) == -1);
  CHECK_STR("override: missing node message", msg,
            "OLI_CXL_NODES names node 5, which does not exist (nodes: 0-2)");
  CHECK("override: node in both lists refused",
        _oli_topology_check_overrides(&t, 1ULL << 2, 1ULL << 2, true, msg, sizeof msg) == -1);
  CHECK("override: both message", strstr(msg, "node 2 is in both OLI_DRAM_NODES and OLI_CXL_NODES"));
  CHECK("override: DRAM list with missing node refused",
        _oli_topology_check_overrides(&t, 1ULL << 9, 0, false, msg, sizeof msg) == -1 &&
            strstr(msg, "OLI_DRAM_NODES names node 9"));
  cpus(0, 15, -1);
  _oli_topology_apply_overrides(&t, 0, 1ULL << 1);
  CHECK("override: remote socket as CXL", t.nodes[1].kind == OLI_NODE_CXL && t.cxl_node == 1 &&
                                              t.local_node == 0 && t.remote_node == -1);
  CHECK_EQ("override: unlisted CXL node unused", t.nodes[2].kind, OLI_NODE_NONE);
  load("server-cxl");
  cpus(0, 15, -1);
  _oli_topology_apply_overrides(&t, 1ULL << 0, 0);
  CHECK("override: DRAM nodes = 0 only", t.local_node == 0 && t.remote_node == -1 &&
                                             t.cxl_node == 2 && t.nodes[1].kind == OLI_NODE_NONE);

  /* HMAT machine: 2 sockets, a CXL node near each */
  CHECK_EQ("hmat: read ok", load("hmat"), 0);
  CHECK_EQ("hmat: 4 nodes", t.num_nodes, 4);
  CHECK("hmat: bandwidth and latency", t.nodes[0].read_bw == 20000 && t.nodes[0].read_lat == 80 &&
                                           t.nodes[2].read_bw == 5000 &&
                                           t.nodes[2].read_lat == 250);
  CHECK_EQ("hmat: flag", t.hmat, 1);
  CHECK_EQ("hmat: 2 tiers", t.tiers, 2);
  CHECK("hmat: tiers 4 4 22 22", t.nodes[0].tier == 4 && t.nodes[1].tier == 4 &&
                                     t.nodes[2].tier == 22 && t.nodes[3].tier == 22);
  CHECK_EQ("hmat: kernel weighted interleave", t.kernel_wi, 1);
  CHECK_EQ("hmat: kernel weight node 2", t.kernel_weights[2], 1);
  cpus(0, 7, -1);
  CHECK("hmat: socket 0 -> cxl 2 (nearest), remote 1",
        t.local_node == 0 && t.cxl_node == 2 && t.remote_node == 1);
  CHECK_EQ("hmat: DRAM tier", _oli_topology_dram_tier(&t), 4);
  CHECK_STR("hmat: weights from HMAT", _oli_topology_default_weights(&t, w), "hmat");
  CHECK("hmat: 20000:5000 -> 4:1", w[0] == 4 && w[1] == 1 && w[2] == 0);
  cpus(8, 15, -1);
  CHECK("hmat: socket 1 -> cxl 3, remote 0",
        t.local_node == 1 && t.cxl_node == 3 && t.remote_node == 0);
  _oli_topology_default_weights(&t, w);
  CHECK("hmat: socket 1 20000:6400 -> 3:1", w[0] == 3 && w[1] == 1);
  CHECK_STR("hmat: no warnings", captured, "");

  /* kernel weights */
  load("kernel-wi");
  cpus(0, 3, -1);
  CHECK_STR("kernel-wi: source kernel", _oli_topology_default_weights(&t, w), "kernel");
  CHECK("kernel-wi: 5:2", w[0] == 5 && w[1] == 2);

  /* QEMU-like: CPU-less node in the DRAM tier is still CXL */
  load("qemu-same-tier");
  cpus(0, 1, -1);
  CHECK("qemu: node 2 CXL", t.nodes[2].kind == OLI_NODE_CXL && t.cxl_node == 2);
  CHECK("qemu: same tier as DRAM", t.nodes[2].tier == _oli_topology_dram_tier(&t));
  CHECK("qemu: kernel WI dir without weights", t.kernel_wi == 1 && t.kernel_weights[0] == 0);
  CHECK_STR("qemu: default weights", _oli_topology_default_weights(&t, w), "default");
  CHECK("qemu: DRAM override 0-2 leaves no CXL",
        _oli_topology_check_overrides(&t, 7, 0, false, msg, sizeof msg) == 0);
  _oli_topology_apply_overrides(&t, 7, 0);
  CHECK("qemu: after override", t.cxl_node == -1 && t.nodes[2].kind == OLI_NODE_DRAM);

  /* recorded from real Debian kernels in the NUMA lab's QEMU machine */
  CHECK_EQ("lab 6.12: read ok", load("qemu-lab-6.12"), 0);
  CHECK("lab 6.12: DRAM DRAM CXL", t.num_nodes == 3 && t.nodes[0].kind == OLI_NODE_DRAM &&
                                       t.nodes[1].kind == OLI_NODE_DRAM &&
                                       t.nodes[2].kind == OLI_NODE_CXL);
  CHECK("lab 6.12: HMAT", t.nodes[0].read_bw == 20480 && t.nodes[2].read_bw == 5120 &&
                              t.nodes[2].read_lat == 300);
  CHECK("lab 6.12: CXL node in a slower tier", t.nodes[2].tier == 54 && t.nodes[0].tier == 4);
  CHECK_EQ("lab 6.12: weighted interleave", t.kernel_wi, 1);
  CHECK("lab 6.12: about 1 GiB per node", t.nodes[2].mem_total > (900ULL << 20) &&
                                              t.nodes[2].mem_total < (1100ULL << 20));
  cpus(1, 1, -1);
  CHECK("lab 6.12: CPU 1 -> local 1, cxl 2, remote 0",
        t.local_node == 1 && t.cxl_node == 2 && t.remote_node == 0);
  cpus(0, 0, -1);
  CHECK_STR("lab 6.12: weights from HMAT", _oli_topology_default_weights(&t, w), "hmat");
  CHECK("lab 6.12: 20480:5120 -> 4:1", w[0] == 4 && w[1] == 1);
  CHECK_STR("lab 6.12: no warnings", captured, "");
  CHECK_EQ("lab 6.1: read ok", load("qemu-lab-6.1"), 0);
  CHECK_EQ("lab 6.1: no weighted interleave (before 6.9)", t.kernel_wi, 0);
  cpus(0, 0, -1);
  CHECK("lab 6.1: CPU-less node in the DRAM tier still CXL",
        t.nodes[2].kind == OLI_NODE_CXL && t.nodes[2].tier == _oli_topology_dram_tier(&t) &&
            t.cxl_node == 2);
  CHECK_STR("lab 6.1: weights from HMAT", _oli_topology_default_weights(&t, w), "hmat");

  /* memory-less CPU node and a hole in node numbers */
  CHECK_EQ("memoryless: read ok", load("memoryless"), 0);
  CHECK_EQ("memoryless: num_nodes = highest + 1", t.num_nodes, 5);
  CHECK("memoryless: kinds", t.nodes[0].kind == OLI_NODE_NONE && t.nodes[1].kind == OLI_NODE_DRAM &&
                                 t.nodes[2].kind == OLI_NODE_NONE &&
                                 t.nodes[4].kind == OLI_NODE_CXL);
  CHECK("memoryless: distance columns follow online order",
        t.distance[1][4] == 25 && t.distance[4][1] == 25 && t.distance[0][4] == 30);
  cpus(0, 3, -1);
  CHECK("memoryless: CPUs of node 0 use node 1's DRAM", t.cpu_node == 0 && t.local_node == 1 &&
                                                            t.cxl_node == 4);
  CHECK("memoryless: CXL override on memory-less node refused",
        _oli_topology_check_overrides(&t, 0, 1, true, msg, sizeof msg) == -1 &&
            strstr(msg, "which has no memory (nodes with memory: 1,4)"));
  CHECK("memoryless: offline node refused",
        _oli_topology_check_overrides(&t, 0, 1ULL << 3, false, msg, sizeof msg) == -1 &&
            strstr(msg, "does not exist"));

  /* broken trees: warnings, sensible defaults, no crash */
  CHECK_EQ("garbage: read ok", load("broken-garbage"), 0);
  CHECK("garbage: warned", _oli_warning_count(W_BAD_SYSFS) >= 5);
  CHECK("garbage: one warning line names the file",
        strstr(captured, "oli: warning: /sys/devices/system/node/node0/cpulist: not a CPU list; "
                         "node treated as DRAM with unknown CPUs\n") != NULL);
  CHECK("garbage: node 0 conservatively DRAM", t.nodes[0].kind == OLI_NODE_DRAM);
  CHECK_EQ("garbage: node 1 CXL", t.nodes[1].kind, OLI_NODE_CXL);
  CHECK("garbage: distances defaulted", t.distance[0][1] == 20 && t.distance[1][0] == 20 &&
                                            t.distance[1][1] == 10);
  CHECK("garbage: bandwidth unknown", t.nodes[0].read_bw == 0 && t.hmat == 0);
  CHECK("garbage: kernel weights unknown", t.kernel_weights[0] == 0 && t.kernel_weights[1] == 0);
  CHECK("garbage: memory unknown", t.nodes[0].mem_total == 0);
  CHECK_EQ("garbage: bad tier ignored", t.tiers, 0);
  CHECK_EQ("garbage: local falls back to the DRAM node", t.local_node, 0);
  CHECK_EQ("NUL cpulist: read ok", load("broken-nul"), 0);
  CHECK("NUL cpulist: warned, naming the file",
        strstr(captured, "oli: warning: /sys/devices/system/node/node1/cpulist: not a CPU list (NUL bytes); "
                         "node treated as DRAM with unknown CPUs\n") != NULL);
  CHECK("NUL cpulist: not read as a CPU-less (CXL) node", t.nodes[1].kind == OLI_NODE_DRAM);
  CHECK_EQ("missing: read ok", load("broken-missing"), 0);
  CHECK("missing: warned", _oli_warning_count(W_BAD_SYSFS) >= 1);
  CHECK("missing: node without files is DRAM", t.nodes[1].kind == OLI_NODE_DRAM);
  CHECK_EQ("bad online: read ok", load("broken-online"), 0);
  CHECK("bad online: found both node dirs", t.num_nodes == 2 && t.nodes[1].kind == OLI_NODE_CXL);
  CHECK("bad online: warned", strstr(captured, "online: not a node list") != NULL);
  CHECK_EQ("empty tree: no NUMA (-1)", load("empty"), -1);
  CHECK("empty tree: one DRAM node, local 0", t.num_nodes == 1 && t.nodes[0].kind == OLI_NODE_DRAM &&
                                                  t.local_node == 0 && t.cxl_node == -1);
  CHECK_EQ("missing root: no NUMA", load("no-such-tree"), -1);
  CHECK_EQ("recorded dev box: read ok", load("devbox-1node"), 0);
  CHECK("recorded dev box: one DRAM node with CPUs",
        t.num_nodes == 1 && t.nodes[0].kind == OLI_NODE_DRAM && t.nodes[0].ncpus >= 1);
  CHECK("recorded dev box: force:0 (its only node) leaves no DRAM node, refused",
        _oli_topology_check_overrides(&t, 0, 1, true, msg, sizeof msg) == -1 &&
            strstr(msg, "OLI_CXL_NODES=force:0 leaves no DRAM node (nodes with CPUs: 0)"));
  CHECK("recorded dev box: force:0 with node 0 also DRAM is 'in both'",
        _oli_topology_check_overrides(&t, 1, 1, true, msg, sizeof msg) == -1 && strstr(msg, "in both"));
  /* this machine: a node tree under /sys (0), or the one-node fallback (-1) when there is none */
  int have_nodes = access("/sys/devices/system/node/online", R_OK) == 0;
  CHECK_EQ("this machine: read as /sys says", _oli_topology_read("/", &t), have_nodes ? 0 : -1);
  CHECK("this machine: a local node", t.local_node >= 0);

  /* the real affinity path: pinned to CPU 0 / CPU 1 of the two-cpus tree */
  CHECK_EQ("pinned to CPU 0: local 0, cxl 2, remote 1", pinned_child(0), 10);
  int r1 = pinned_child(1);
  if (r1 == 77) fprintf(stderr, "note: CPU 1 not available, pinned check skipped\n");
  else CHECK_EQ("pinned to CPU 1: local 1, cxl 3, remote 0", r1, 11);

  /* process init: OLI_SYSFS_ROOT, overrides, weights, warnings, verbose log */
  char out[8192];
  CHECK_EQ("init hmat: exit 0", init_child("hmat", "OLI_VERBOSE=1", out, sizeof out), 0);
  CHECK("init hmat: version line", strstr(out, "oli: oli ") != NULL);
  CHECK("init hmat: options listed", strstr(out, "oli: option OLI_POLICY not set: default oli\n"));
  CHECK("init hmat: node line",
        strstr(out, "oli: node 2: cxl, 0 cpus, 128.0 GiB (128.0 GiB free), tier 22, read 5000 MB/s "
                    "250 ns, kernel weight 1\n"));
  CHECK("init hmat: targets and weights",
        strstr(out, "CXL node 2, remote DRAM node 1; weights 4:1 (hmat)") ||
            strstr(out, "CXL node 3, remote DRAM node 0; weights 3:1 (hmat)"));
  CHECK("init hmat: no warning", strstr(out, "warning") == NULL);
  CHECK_EQ("init user weights: exit 0",
           init_child("hmat", "OLI_VERBOSE=1\nOLI_WEIGHTS=2:1:1", out, sizeof out), 0);
  CHECK("init user weights", strstr(out, "weights 2:1:1 (user)") != NULL);
  CHECK_EQ("init laptop: exit 0", init_child("laptop", "OLI_POLICY=oli", out, sizeof out), 0);
  CHECK_STR("init laptop: no-CXL warning, one line", out,
            "oli: warning: no CXL node (a node with memory and no CPUs): OLI_POLICY=oli places "
            "objects on local DRAM node 0\n");
  /* the defaults on a one-node machine: nothing to act on, counted, shown with OLI_VERBOSE=1 */
  CHECK_EQ("init laptop defaults: exit 0", init_child("laptop", "", out, sizeof out), 0);
  CHECK_STR("init laptop defaults: silent", out, "");
  CHECK_EQ("init laptop verbose: exit 0", init_child("laptop", "OLI_VERBOSE=1", out, sizeof out), 0);
  CHECK("init laptop verbose: no-CXL warning", strstr(out, "oli: warning: no CXL node (a node with memory and no CPUs): "
                                                           "OLI_POLICY=oli places objects on local DRAM node 0\n"));
  CHECK_EQ("init laptop budget: exit 0", init_child("laptop", "OLI_DRAM_LIMIT=1G", out, sizeof out), 0);
  CHECK("init laptop budget: no-CXL warning", strstr(out, "oli: warning: no CXL node") != NULL);
  CHECK_EQ("init laptop weights: exit 0", init_child("laptop", "OLI_WEIGHTS=3:1", out, sizeof out), 0);
  CHECK("init laptop weights: no-CXL warning", strstr(out, "oli: warning: no CXL node") != NULL);
  CHECK_EQ("init laptop rdram policy: exit 0", init_child("laptop", "OLI_POLICY=rdram", out, sizeof out), 0);
  CHECK("init laptop rdram policy: no CXL asked for, silent", strstr(out, "no CXL node") == NULL);
  CHECK_EQ("init laptop dram policy: exit 0", init_child("laptop", "OLI_POLICY=dram", out, sizeof out), 0);
  CHECK_STR("init laptop dram policy: silent", out, "");
  CHECK_EQ("init laptop strict: exit 2", init_child("laptop", "OLI_STRICT=1", out, sizeof out), 2);
  CHECK_EQ("init CXL node with CPUs: exit 2",
           init_child("server-cxl", "OLI_CXL_NODES=1", out, sizeof out), 2);
  CHECK_STR("init CXL node with CPUs: one line", out,
            "oli: error: OLI_CXL_NODES names node 1, which has CPUs (a DRAM node); write "
            "OLI_CXL_NODES=force:1 to use it as CXL anyway\n");
  CHECK_EQ("init forced CXL node: exit 0",
           init_child("server-cxl", "OLI_CXL_NODES=force:1\nOLI_VERBOSE=1", out, sizeof out), 0);
  CHECK("init forced CXL node: used", strstr(out, ", CXL node 1,") != NULL);
  CHECK_EQ("init missing node: exit 2", init_child("server-cxl", "OLI_DRAM_NODES=7", out, sizeof out), 2);
  CHECK_EQ("16 threads race into init: one topology", racing_child(out, sizeof out), 0);
  const char *first = strstr(out, "oli: oli ");
  CHECK("16 threads race into init: initialised once", first && !strstr(first + 1, "oli: oli "));
  CHECK_EQ("init empty tree: exit 0", init_child("empty", "", out, sizeof out), 0);
  CHECK_STR("init empty tree, defaults: silent", out, "");
  CHECK_EQ("init empty tree uniform: exit 0", init_child("empty", "OLI_POLICY=uniform", out, sizeof out), 0);
  CHECK("init empty tree uniform: no-NUMA warning", strstr(out, "oli: warning: no NUMA information") != NULL);
  CHECK_EQ("init off: exit 0", init_child("empty", "OLI_POLICY=off", out, sizeof out), 0);
  CHECK_STR("init off: silent", out, "");

  _oli_set_output(NULL, NULL);
  return TEST_SUMMARY();
}
