/* runtime/base/topology.c - which NUMA nodes are DRAM and which are CXL, where the
 * caller runs, and the default interleave weights.
 *
 * Everything comes from a sysfs tree rooted at `root` ("/" normally; recorded
 * trees under test/runtime/data in tests, OLI_SYSFS_ROOT):
 *   sys/devices/system/node/online, has_memory
 *   sys/devices/system/node/nodeN/{cpulist,meminfo,distance}
 *   sys/devices/system/node/nodeN/access0/initiators/{read_bandwidth,read_latency}  (HMAT)
 *   sys/devices/virtual/memory_tiering/memory_tierN/nodelist
 *   sys/kernel/mm/mempolicy/weighted_interleave/nodeN  (exists: kernel 6.9+ weighted interleave)
 *   sys/kernel/mm/transparent_hugepage/enabled  (the bracketed mode: the stripe planner's folio)
 * A node with CPUs is DRAM; a node with memory and no CPUs is CXL (far memory);
 * a memory tier slower than the DRAM tier confirms it. Files that are missing
 * are normal (older kernels, no HMAT); files with garbage give one W_BAD_SYSFS
 * warning and a conservative default. Reading uses open/read/getdents64 and
 * stack buffers only: no malloc (process init may run inside malloc). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "grammar.h"
#include "infile.h"
#include "internal.h"
#include "machine.h"
#include "ratio.h"

#define NODE_DIR "sys/devices/system/node"
#define TIER_DIR "sys/devices/virtual/memory_tiering"
#define WI_DIR "sys/kernel/mm/mempolicy/weighted_interleave"
#define THP_FILE "sys/kernel/mm/transparent_hugepage/enabled"
#define FAR_DISTANCE 255

/* ---- small readers ------------------------------------------------------ */

static void join(char *out, size_t n, const char *root, const char *rel) {
  size_t rl = strlen(root);
  while (rl > 0 && root[rl - 1] == '/') rl--;
  snprintf(out, n, "%.*s/%s", (int)rl, root, rel);
}

/* Whole (small) file into buf, NUL-terminated; length, or -1 (errno) when absent. */
static ssize_t read_text(const char *root, const char *rel, char *buf, size_t n) {
  char path[4096 + 256];
  join(path, sizeof path, root, rel);
  return oli_infile_read(path, buf, n); /* a FIFO in a recorded tree: absent, no hang */
}

static bool exists(const char *root, const char *rel) {
  char path[4096 + 256];
  join(path, sizeof path, root, rel);
  return access(path, F_OK) == 0;
}

static const char *skip_blanks(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\n') p++;
  return p;
}

/* Kernel list format "0-3,8,10-11\n" (empty allowed): common/grammar.c's
 * list. Members below `limit` are set; all are counted. 0 ok, -1 garbage. */
static int parse_list(const char *s, uint64_t *bits, int limit, int *count) {
  return oli_parse_list(s, bits, (unsigned)limit, 1u << 22, count);
}

static void bad_sysfs(const char *rel, const char *what, const char *fallback) {
  _oli_warning_message(W_BAD_SYSFS, "/%s: %s; %s", rel, what, fallback);
}

/* ---- per-node files ----------------------------------------------------- */

/* 1: MemTotal read; 0: file missing; -1: file without a usable MemTotal. */
static int read_meminfo(const char *root, int id, oli_node_t *nd) {
  char rel[256], buf[4096];
  snprintf(rel, sizeof rel, NODE_DIR "/node%d/meminfo", id);
  if (read_text(root, rel, buf, sizeof buf) < 0) return 0; /* unknown: 0 */
  static const char *const keys[2] = {"MemTotal:", "MemFree:"};
  uint64_t *dst[2] = {&nd->mem_total, &nd->mem_free};
  int rc = 1;
  for (int k = 0; k < 2; k++) {
    const char *p = strstr(buf, keys[k]);
    uint64_t kb;
    if (p != NULL) p = skip_blanks(p + strlen(keys[k]));
    if (p == NULL || oli_parse_decimal(&p, UINT64_MAX / 1024 / 2, &kb) != 0) {
      if (k == 0) {
        bad_sysfs(rel, "no readable MemTotal", "memory size taken as unknown");
        rc = -1;
      }
      continue;
    }
    *dst[k] = kb * 1024;
  }
  return rc;
}

static uint32_t read_u32_file(const char *root, const char *rel, bool *bad) {
  char buf[64];
  uint64_t v;
  *bad = false;
  if (read_text(root, rel, buf, sizeof buf) < 0) return 0;
  const char *p = skip_blanks(buf);
  if (oli_parse_decimal(&p, UINT32_MAX, &v) != 0 || *skip_blanks(p) != '\0') {
    *bad = true;
    return 0;
  }
  return (uint32_t)v;
}

/* memory_tierN/nodelist for every tier directory (getdents64: no malloc). */
static void read_tiers(const char *root, oli_topology_t *t) {
  char path[4096 + 256];
  join(path, sizeof path, root, TIER_DIR);
  int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  char dbuf[4096];
  for (;;) {
    long n = _oli_os_getdents64(fd, dbuf, sizeof dbuf);
    if (n <= 0) break;
    for (long off = 0; off < n;) {
      struct dirent64 *de = (struct dirent64 *)(dbuf + off);
      off += de->d_reclen;
      const char *p = de->d_name;
      uint64_t tier;
      if (strncmp(p, "memory_tier", 11) != 0) continue;
      p += 11;
      if (oli_parse_decimal(&p, 1u << 20, &tier) != 0 || *p != '\0') continue;
      char rel[256], buf[1024];
      uint64_t mask = 0;
      snprintf(rel, sizeof rel, TIER_DIR "/%s/nodelist", de->d_name);
      if (read_text(root, rel, buf, sizeof buf) < 0) continue;
      if (parse_list(buf, &mask, OLI_MAX_NODES, NULL) != 0) {
        bad_sysfs(rel, "not a node list", "tier ignored");
        continue;
      }
      t->tiers++;
      for (int i = 0; i < OLI_MAX_NODES; i++)
        if (mask >> i & 1) t->nodes[i].tier = (int)tier;
    }
  }
  close(fd);
}

/* ---- choosing targets ----------------------------------------------------- */

static int dist(const oli_topology_t *t, int a, int b) {
  if (a == b) return 0;
  int d = t->distance[a][b];
  return d == 0 ? FAR_DISTANCE : d;
}

static bool has_mem(const oli_topology_t *t, int i) { return t->nodes[i].kind != OLI_NODE_NONE; }

/* Nearest node of `kind` to `from` (not `except`); ties: lowest id. -1 none. */
static int nearest(const oli_topology_t *t, int from, oli_node_kind_t kind, int except) {
  int best = -1, bd = 1 << 30;
  for (int i = 0; i < t->num_nodes; i++) {
    if (i == except || t->nodes[i].kind != kind) continue;
    int d = from >= 0 ? dist(t, from, i) : 0;
    if (d < bd) { bd = d; best = i; }
  }
  return best;
}

static void pick_targets(oli_topology_t *t) {
  int c = t->cpu_node;
  if (c >= 0 && c < t->num_nodes && t->nodes[c].kind == OLI_NODE_DRAM) t->local_node = c;
  else t->local_node = nearest(t, c, OLI_NODE_DRAM, -1);
  if (t->local_node < 0) { /* no DRAM node at all: any node with memory */
    for (int i = 0; i < t->num_nodes && t->local_node < 0; i++)
      if (has_mem(t, i) && t->nodes[i].kind != OLI_NODE_CXL) t->local_node = i;
  }
  t->cxl_node = nearest(t, t->local_node, OLI_NODE_CXL, -1);
  t->remote_node = t->local_node >= 0 ? nearest(t, t->local_node, OLI_NODE_DRAM, t->local_node) : -1;
}

void _oli_topology_set_cpus(oli_topology_t *t, const uint64_t *cpus, int nwords, int current_cpu) {
  int count[OLI_MAX_NODES] = {0};
  int words = nwords < OLI_MAX_CPUS / 64 ? nwords : OLI_MAX_CPUS / 64;
  for (int i = 0; i < t->num_nodes; i++)
    for (int w = 0; w < words; w++) count[i] += __builtin_popcountll(cpus[w] & t->cpus[i][w]);
  int best = -1;
  for (int i = 0; i < t->num_nodes; i++) {
    if (count[i] == 0) continue;
    bool here = current_cpu >= 0 && current_cpu < OLI_MAX_CPUS &&
                (t->cpus[i][current_cpu / 64] >> (current_cpu % 64) & 1);
    if (best < 0 || count[i] > count[best]) best = i;
    else if (count[i] == count[best] && here) best = i; /* tie: where we run now */
  }
  t->cpu_node = best;
  pick_targets(t);
}

static void locate_caller(oli_topology_t *t) {
  cpu_set_t set;
  uint64_t words[OLI_MAX_CPUS / 64] = {0};
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    for (int c = 0; c < OLI_MAX_CPUS && c < CPU_SETSIZE; c++)
      if (CPU_ISSET(c, &set)) words[c / 64] |= 1ULL << (c % 64);
  } else {
    memset(words, 0xff, sizeof words);
  }
  _oli_topology_set_cpus(t, words, OLI_MAX_CPUS / 64, sched_getcpu());
}

int _oli_topology_tier_node(const oli_topology_t *t, oli_tier_t tier) {
  switch (tier) {
  case OLI_TIER_DRAM: return t->local_node;
  case OLI_TIER_CXL: return t->cxl_node;
  case OLI_TIER_REMOTE: return t->remote_node;
  case OLI_TIER_DEFAULT: break;
  }
  return -1;
}

/* ---- the whole tree -------------------------------------------------------- */

static void single_node(oli_topology_t *t) {
  t->num_nodes = 1;
  t->nodes[0].kind = OLI_NODE_DRAM;
  t->nodes[0].ncpus = (int)_oli_os_cpus_configured();
  memset(t->cpus[0], 0xff, sizeof t->cpus[0]);
  t->distance[0][0] = 10;
}

/* "always [madvise] never": the bracketed word. Missing: UNKNOWN (a kernel
 * without THP has no such file, but so has a recorded tree that did not
 * keep it; UNKNOWN plans 2 MiB folios, exact either way). */
static oli_thp_t read_thp(const char *root) {
  char buf[256];
  if (read_text(root, THP_FILE, buf, sizeof buf) < 0) return OLI_THP_UNKNOWN;
  char *a = strchr(buf, '['), *b = a ? strchr(a, ']') : NULL;
  oli_thp_t m;
  if (b) *b = '\0';
  if (!a || !b || oli_thp_parse(a + 1, &m) != 0 || m == OLI_THP_UNKNOWN) {
    bad_sysfs(THP_FILE, "no [always], [madvise] or [never]", "2 MiB folios planned");
    return OLI_THP_UNKNOWN;
  }
  return m;
}

int _oli_topology_read(const char *root, oli_topology_t *t) {
  memset(t, 0, sizeof *t);
  t->local_node = t->cxl_node = t->remote_node = t->cpu_node = -1;
  for (int i = 0; i < OLI_MAX_NODES; i++) {
    t->nodes[i].id = i;
    t->nodes[i].kind = OLI_NODE_NONE;
    t->nodes[i].tier = -1;
  }
  if (root == NULL || *root == '\0') root = "/";
  t->thp = read_thp(root);

  char buf[4096];
  uint64_t online = 0;
  if (read_text(root, NODE_DIR "/online", buf, sizeof buf) >= 0) {
    if (parse_list(buf, &online, OLI_MAX_NODES, NULL) != 0 || online == 0) {
      bad_sysfs(NODE_DIR "/online", "not a node list", "looking for node directories instead");
      online = 0;
    }
  }
  if (online == 0) { /* no or bad online file: probe nodeN directories */
    for (int i = 0; i < OLI_MAX_NODES; i++) {
      char rel[64];
      snprintf(rel, sizeof rel, NODE_DIR "/node%d", i);
      if (exists(root, rel)) online |= 1ULL << i;
    }
  }
  if (online == 0) { /* kernel without NUMA (or no sysfs): one node, all CPUs */
    single_node(t);
    locate_caller(t);
    return -1;
  }
  t->numa = 1;
  t->num_nodes = 64 - __builtin_clzll(online);

  uint64_t has_memory = 0;
  bool know_memory = false;
  if (read_text(root, NODE_DIR "/has_memory", buf, sizeof buf) >= 0) {
    if (parse_list(buf, &has_memory, OLI_MAX_NODES, NULL) == 0) know_memory = true;
    else bad_sysfs(NODE_DIR "/has_memory", "not a node list", "memory taken from meminfo");
  }

  int order[OLI_MAX_NODES], nonline = 0; /* distance columns follow online order */
  for (int i = 0; i < t->num_nodes; i++)
    if (online >> i & 1) order[nonline++] = i;

  for (int k = 0; k < nonline; k++) {
    int i = order[k];
    oli_node_t *nd = &t->nodes[i];
    char rel[256];
    bool cpus_ok = true, bad = false;

    snprintf(rel, sizeof rel, NODE_DIR "/node%d/cpulist", i);
    ssize_t len = read_text(root, rel, buf, sizeof buf);
    if (len >= 0) {
      /* a NUL inside would end the list early: "" read as no CPUs, a CXL node */
      bool nul = memchr(buf, '\0', (size_t)len) != NULL;
      if (nul || parse_list(buf, t->cpus[i], OLI_MAX_CPUS, &nd->ncpus) != 0) {
        bad_sysfs(rel, nul ? "not a CPU list (NUL bytes)" : "not a CPU list", "node treated as DRAM with unknown CPUs");
        memset(t->cpus[i], 0, sizeof t->cpus[i]);
        nd->ncpus = 0;
        cpus_ok = false;
      }
    } else {
      bad_sysfs(rel, "missing", "node treated as DRAM with unknown CPUs");
      cpus_ok = false;
    }
    int mi = read_meminfo(root, i, nd);
    /* memory: has_memory when present, else MemTotal > 0, else assume yes */
    bool mem = know_memory ? (has_memory >> i & 1) != 0 : mi == 1 ? nd->mem_total > 0 : true;
    if (!mem) nd->kind = OLI_NODE_NONE;
    else if (nd->ncpus > 0 || !cpus_ok) nd->kind = OLI_NODE_DRAM;
    else nd->kind = OLI_NODE_CXL;

    snprintf(rel, sizeof rel, NODE_DIR "/node%d/distance", i);
    if (read_text(root, rel, buf, sizeof buf) >= 0) {
      const char *p = skip_blanks(buf);
      int col = 0;
      uint64_t d;
      while (*p != '\0' && col < nonline && oli_parse_decimal(&p, 255, &d) == 0) {
        t->distance[i][order[col++]] = (uint8_t)d;
        p = skip_blanks(p);
      }
      if (*p != '\0' || col != nonline) {
        bad_sysfs(rel, "not one distance per online node", "distances 10 (self) and 20 used");
        for (int c = 0; c < nonline; c++) t->distance[i][order[c]] = order[c] == i ? 10 : 20;
      }
    } else {
      for (int c = 0; c < nonline; c++) t->distance[i][order[c]] = order[c] == i ? 10 : 20;
    }

    snprintf(rel, sizeof rel, NODE_DIR "/node%d/access0/initiators/read_bandwidth", i);
    nd->read_bw = read_u32_file(root, rel, &bad);
    if (bad) bad_sysfs(rel, "not a number", "bandwidth taken as unknown");
    if (nd->read_bw) t->hmat = 1;
    snprintf(rel, sizeof rel, NODE_DIR "/node%d/access0/initiators/read_latency", i);
    nd->read_lat = read_u32_file(root, rel, &bad);
    if (bad) bad_sysfs(rel, "not a number", "latency taken as unknown");

    snprintf(rel, sizeof rel, WI_DIR "/node%d", i);
    uint32_t kw = read_u32_file(root, rel, &bad);
    if (bad || kw > 255) {
      bad_sysfs(rel, "not a weight 1-255", "kernel weight taken as unknown");
      kw = 0;
    }
    t->kernel_weights[i] = (uint8_t)kw;
  }
  t->kernel_wi = exists(root, WI_DIR);
  read_tiers(root, t);
  locate_caller(t);
  return 0;
}

/* The DRAM tier is the tier of the local (or any) DRAM node; -1 unknown. */
int _oli_topology_dram_tier(const oli_topology_t *t) {
  if (t->local_node >= 0 && t->nodes[t->local_node].tier >= 0) return t->nodes[t->local_node].tier;
  for (int i = 0; i < t->num_nodes; i++)
    if (t->nodes[i].kind == OLI_NODE_DRAM && t->nodes[i].tier >= 0) return t->nodes[i].tier;
  return -1;
}

/* ---- user overrides (OLI_DRAM_NODES, OLI_CXL_NODES) --------------------------- */

/* The DRAM nodes the overrides leave (as _oli_topology_apply_overrides makes
 * them). */
static uint64_t dram_left(const oli_topology_t *t, uint64_t dram, uint64_t cxl) {
  uint64_t left = 0;
  for (int i = 0; i < t->num_nodes; i++) {
    oli_node_kind_t k = t->nodes[i].kind;
    if (k == OLI_NODE_NONE) continue;
    if ((dram >> i & 1) || (!(cxl >> i & 1) && !dram && k == OLI_NODE_DRAM)) left |= 1ULL << i;
  }
  return left;
}

int _oli_topology_check_overrides(const oli_topology_t *t, uint64_t dram, uint64_t cxl,
                                  bool cxl_forced, char *msg, size_t n) {
  char list[128];
  uint64_t online = 0, memory = 0;
  for (int i = 0; i < t->num_nodes; i++) {
    if (t->nodes[i].kind != OLI_NODE_NONE || t->nodes[i].ncpus > 0) online |= 1ULL << i;
    if (t->nodes[i].kind != OLI_NODE_NONE) memory |= 1ULL << i;
  }
  for (int pass = 0; pass < 2; pass++) {
    uint64_t m = pass == 0 ? dram : cxl;
    const char *var = pass == 0 ? "OLI_DRAM_NODES" : "OLI_CXL_NODES";
    for (int i = 0; i < 64; i++) {
      if (!(m >> i & 1)) continue;
      if (i >= t->num_nodes || !(online >> i & 1)) {
        snprintf(msg, n, "%s names node %d, which does not exist (nodes: %s)", var, i,
                 oli_format_list(online, list, sizeof list));
        return -1;
      }
      if (!(memory >> i & 1)) {
        snprintf(msg, n, "%s names node %d, which has no memory (nodes with memory: %s)", var, i,
                 oli_format_list(memory, list, sizeof list));
        return -1;
      }
      if (pass == 1 && t->nodes[i].ncpus > 0 && !cxl_forced && dram_left(t, dram, cxl) == 0) {
        snprintf(msg, n, /* force: would leave no DRAM node: advise nothing that fails next */
                 "OLI_CXL_NODES names node %d, which has CPUs and would leave no DRAM node "
                 "(nodes with memory: %s); oli needs a DRAM node besides a CXL one",
                 i, oli_format_list(memory, list, sizeof list));
        return -1;
      }
      if (pass == 1 && t->nodes[i].ncpus > 0 && !cxl_forced) {
        snprintf(msg, n,
                 "OLI_CXL_NODES names node %d, which has CPUs (a DRAM node); "
                 "write OLI_CXL_NODES=force:%d to use it as CXL anyway",
                 i, i);
        return -1;
      }
    }
  }
  if (dram & cxl) {
    snprintf(msg, n, "node %s is in both OLI_DRAM_NODES and OLI_CXL_NODES; a node is DRAM or CXL",
             oli_format_list(dram & cxl, list, sizeof list));
    return -1;
  }
  /* What the overrides leave (as _oli_topology_apply_overrides makes it): a
   * machine without a DRAM node has no local node to place anything on. */
  uint64_t cpus = 0;
  for (int i = 0; i < t->num_nodes; i++)
    if (t->nodes[i].ncpus > 0) cpus |= 1ULL << i;
  if (dram_left(t, dram, cxl) == 0) {
    char given[128];
    snprintf(msg, n, "OLI_CXL_NODES=%s%s leaves no DRAM node (nodes with CPUs: %s); keep a node with CPUs as DRAM",
             cxl_forced ? "force:" : "", oli_format_list(cxl, given, sizeof given),
             oli_format_list(cpus, list, sizeof list));
    return -1;
  }
  return 0;
}

void _oli_topology_apply_overrides(oli_topology_t *t, uint64_t dram_mask, uint64_t cxl_mask) {
  for (int i = 0; i < t->num_nodes; i++) {
    oli_node_t *nd = &t->nodes[i];
    if (nd->kind == OLI_NODE_NONE) continue;
    if (dram_mask >> i & 1) nd->kind = OLI_NODE_DRAM;
    else if (cxl_mask >> i & 1) nd->kind = OLI_NODE_CXL;
    else if (dram_mask && nd->kind == OLI_NODE_DRAM) nd->kind = OLI_NODE_NONE; /* not listed */
    else if (cxl_mask && nd->kind == OLI_NODE_CXL) nd->kind = OLI_NODE_NONE;
  }
  pick_targets(t);
}

/* ---- default weights --------------------------------------------------------- */

const char *_oli_topology_default_weights(const oli_topology_t *t, uint32_t w[OLI_MAX_TARGETS]) {
  int l = t->local_node, c = t->cxl_node;
  w[OLI_TIER_REMOTE] = 0;
  if (l >= 0 && c >= 0 && t->nodes[l].read_bw > 0 && t->nodes[c].read_bw > 0) {
    oli_ratio_reduce(t->nodes[l].read_bw, t->nodes[c].read_bw, &w[OLI_TIER_DRAM], &w[OLI_TIER_CXL]);
    return t->machine ? "machine" : "hmat";
  }
  if (l >= 0 && c >= 0 && t->kernel_wi && t->kernel_weights[l] > 0 && t->kernel_weights[c] > 0) {
    w[OLI_TIER_DRAM] = t->kernel_weights[l];
    w[OLI_TIER_CXL] = t->kernel_weights[c];
    return "kernel";
  }
  oli_default_ratio(w);
  return "default";
}

/* A machine file's rows against this machine (base/machine.c applies the
 * file; oli run checks --machine with the same code). */
int _oli_topology_check_machine(const oli_machine_t *m, const oli_topology_t *t, char *why, size_t n) {
  for (size_t i = 0; i < m->n; i++) {
    const oli_machine_row_t *r = &m->rows[i];
    if (r->to >= t->num_nodes || r->from >= t->num_nodes || t->nodes[r->to].kind == OLI_NODE_NONE ||
        t->nodes[r->from].ncpus == 0) {
      snprintf(why, n,
               "node %d measured from node %d: this machine has no such memory node or no CPUs on node %d "
               "(the file was measured on another machine?)", r->to, r->from, r->from);
      return -1;
    }
  }
  return 0;
}
