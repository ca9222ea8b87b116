/* fuzz-topology.c - libFuzzer target for the sysfs topology reader
 * (runtime/base/topology.c: _oli_topology_read), fed arbitrary file contents,
 * followed by the default weights, the OLI_DRAM_NODES/OLI_CXL_NODES checks
 * and the decision rule on whatever topology came out.
 *
 * Input: file contents separated by NUL bytes, in the order of `files` below
 * (four nodes' files; `online` may still name up to 64 nodes). A part that is
 * exactly "!" leaves its file out; parts past the end of the input are left
 * out. The tree is rewritten in a private temporary directory (on /dev/shm
 * when writable) each run and removed at exit. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#define N "sys/devices/system/node/"
#define I "/access0/initiators/"
#define W "sys/kernel/mm/mempolicy/weighted_interleave/"
#define TI "sys/devices/virtual/memory_tiering/"
static const char *const files[] = {
    N "online", N "has_memory",
    N "node0/cpulist", N "node1/cpulist", N "node2/cpulist", N "node3/cpulist",
    N "node0/meminfo", N "node1/meminfo", N "node2/meminfo", N "node3/meminfo",
    N "node0/distance", N "node1/distance", N "node2/distance", N "node3/distance",
    N "node0" I "read_bandwidth", N "node1" I "read_bandwidth", N "node2" I "read_bandwidth",
    N "node3" I "read_bandwidth",
    N "node0" I "read_latency", N "node1" I "read_latency", N "node2" I "read_latency",
    N "node3" I "read_latency",
    W "node0", W "node1", W "node2", W "node3",
    TI "memory_tier4/nodelist", TI "memory_tier22/nodelist",
};
#define NFILES (sizeof files / sizeof files[0])

static char root[80];

static void quiet(const char *msg, void *arg) { (void)msg, (void)arg; }

static void mkparents(const char *path) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + strlen(root) + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) abort();
    *p = '/';
  }
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  remove(path);
  return 0;
}
static void cleanup(void) { nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS); }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  /* tmpfs when there is one: a disk file system makes this 50 times slower.
   * run-fuzz.sh hands a scratch directory it removes afterwards. */
  const char *tmp = getenv("OLI_FUZZ_SCRATCH");
  if (tmp == NULL) tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
  snprintf(root, sizeof root, "%s/oli-fuzz-topo-XXXXXX", tmp && strlen(tmp) < 40 ? tmp : "/tmp");
  if (mkdtemp(root) == NULL) abort();
  _oli_set_output(quiet, NULL);
  atexit(cleanup);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *p = data, *end = data + size;
  char path[512];
  for (size_t i = 0; i < NFILES; i++) {
    snprintf(path, sizeof path, "%s/%s", root, files[i]);
    const uint8_t *q = p < end ? memchr(p, '\0', (size_t)(end - p)) : NULL;
    if (q == NULL) q = end;
    size_t len = (size_t)(q - p);
    if (p >= end || (len == 1 && *p == '!')) {
      unlink(path);
    } else {
      mkparents(path);
      int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0 || write(fd, p, len) != (ssize_t)len) abort();
      close(fd);
    }
    p = q < end ? q + 1 : end;
  }

  oli_topology_t t;
  (void)_oli_topology_read(root, &t);
  if (t.num_nodes < 1 || t.num_nodes > OLI_MAX_NODES) abort();
  const int picks[3] = {t.local_node, t.cxl_node, t.remote_node};
  for (int k = 0; k < 3; k++)
    if (picks[k] < -1 || picks[k] >= t.num_nodes) abort();
  if (t.cxl_node >= 0 && t.nodes[t.cxl_node].kind != OLI_NODE_CXL) abort();

  uint32_t w[OLI_MAX_TARGETS];
  const char *src = _oli_topology_default_weights(&t, w);
  if (src == NULL || w[0] == 0 || w[1] == 0 || w[0] + w[1] > 1000) abort();
  (void)_oli_topology_dram_tier(&t);

  /* overrides from the tail of the input (two 8-byte masks when present) */
  uint64_t dram = 0, cxl = 0;
  if (size >= 16) {
    memcpy(&dram, end - 16, 8);
    memcpy(&cxl, end - 8, 8);
  }
  char msg[256];
  if (_oli_topology_check_overrides(&t, dram, cxl, size & 1, msg, sizeof msg) == 0)
    _oli_topology_apply_overrides(&t, dram, cxl);
  else if (memchr(msg, '\0', sizeof msg) == NULL)
    abort();

  static const oli_policy_t pol[] = {OLI_POLICY_OLI, OLI_POLICY_UNIFORM, OLI_POLICY_DRAM,
                                     OLI_POLICY_CXL};
  for (int k = 0; k < 4; k++) {
    oli_decide_in_t in;
    memset(&in, 0, sizeof in);
    in.size = (uint64_t)1 << (20 + k * 4);
    in.footprint = in.size * 3;
    in.dram_limit = size & 2 ? in.size / 2 : 0;
    in.policy = pol[k];
    in.topo = &t;
    in.min_size = 4096;
    in.large_percent = 10;
    memcpy(in.weight, w, sizeof w);
    oli_decision_t d = _oli_decide(&in);
    if (d.ntargets < 0 || d.ntargets > OLI_MAX_TARGETS) abort();
    for (int j = 0; j < d.ntargets; j++)
      if (d.target[j].node < 0 || d.target[j].node >= t.num_nodes || d.target[j].weight == 0 ||
          d.target[j].tier == OLI_TIER_DEFAULT || (j > 0 && d.target[j].tier <= d.target[j - 1].tier))
        abort();
    char why[160];
    (void)_oli_reason_format(&d, in.large_percent, why, sizeof why);
  }
  return 0;
}
