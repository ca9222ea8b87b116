/* runtime/place.c - mbind mechanics: give a page range its placement before
 * anyone touches it.
 *
 * The mechanism (oli_mechanism_t) follows from the decision's targets and
 * the object (_oli_place_mechanism); _oli_place_range applies d->mechanism:
 *   DRAM, CXL, RDRAM  MPOL_PREFERRED on the target's node (a full node spills over)
 *   INTERLEAVE  per-object ratio on every kernel:
 *                 equal weights                 -> MPOL_INTERLEAVE
 *                 ratio == kernel's global weights (6.9+) -> MPOL_WEIGHTED_INTERLEAVE
 *                   (both only when the object is a whole number of rounds of
 *                   2 MiB folios, so transparent huge pages keep them exact)
 *                 otherwise                     -> page runs: each period of
 *                   unit*sum(w) pages is cut into one run per target of unit*w[i]
 *                   pages, each run MPOL_PREFERRED on its node. The last
 *                   (partial) period is split in proportion too, so the page
 *                   ratio is exact to one page per period. The unit grows with
 *                   the object so an object has at most OLI_MAX_PERIODS periods
 *                   (a bounded number of VMAs).
 * A failure resets the range to MPOL_DEFAULT and returns -1/errno. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "infile.h"
#include "internal.h"

#ifndef MPOL_DEFAULT
#define MPOL_DEFAULT 0
#define MPOL_PREFERRED 1
#define MPOL_INTERLEAVE 3
#endif
#define OLI_MPOL_WEIGHTED_INTERLEAVE 6 /* Linux 6.9+ */
#define OLI_RUN_UNIT_MIN 512            /* pages: 2 MiB runs with 4 KiB pages */
#define OLI_MAX_PERIODS 64

#define MASK_WORDS (OLI_MAX_NODES / 64)

static long sys_mbind(void *addr, size_t len, int mode, const unsigned long *mask, unsigned long maxnode,
                      unsigned flags) {
  return syscall(SYS_mbind, addr, len, mode, mask, maxnode, flags);
}

uint64_t _oli_page_size(void) {
  static uint64_t pg; /* set once; racing first calls store the same value */
  uint64_t v = __atomic_load_n(&pg, __ATOMIC_RELAXED);
  if (oli_unlikely(v == 0)) {
    long s = sysconf(_SC_PAGESIZE);
    v = s > 0 ? (uint64_t)s : 4096;
    __atomic_store_n(&pg, v, __ATOMIC_RELAXED);
  }
  return v;
}

static bool node_ok(int n) { return n >= 0 && n < OLI_MAX_NODES; }

static int bind_nodes(void *addr, size_t len, int mode, const int *nodes, int n, unsigned flags) {
  unsigned long mask[MASK_WORDS] = {0};
  for (int i = 0; i < n; i++) {
    if (!node_ok(nodes[i])) {
      errno = EINVAL;
      return -1;
    }
    mask[nodes[i] / 64] |= 1ul << (nodes[i] % 64);
  }
  /* maxnode: the kernel reads maxnode-1 bits. */
  return sys_mbind(addr, len, mode, mask, OLI_MAX_NODES + 1, flags) == 0 ? 0 : -1;
}

/* The targets of d as node and weight arrays (weights are > 0). */
static int targets(const oli_decision_t *d, int nodes[OLI_MAX_TARGETS], uint32_t w[OLI_MAX_TARGETS]) {
  int n = 0;
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++) {
    if (d->target[i].weight == 0) continue;
    nodes[n] = d->target[i].node;
    w[n] = d->target[i].weight;
    n++;
  }
  return n;
}

static bool all_equal(const uint32_t *w, int n) {
  for (int i = 1; i < n; i++)
    if (w[i] != w[0]) return false;
  return true;
}

/* The ratio equals the kernel's global weighted-interleave weights. */
static bool kernel_weights_match(const int *nodes, const uint32_t *w, int n) {
  const oli_topology_t *t = _oli_topology();
  if (!t || !t->kernel_wi) return false;
  for (int i = 0; i < n; i++)
    if (!node_ok(nodes[i]) || t->kernel_weights[nodes[i]] == 0) return false;
  for (int i = 1; i < n; i++)
    if ((uint64_t)w[i] * t->kernel_weights[nodes[0]] != (uint64_t)w[0] * t->kernel_weights[nodes[i]])
      return false;
  return true;
}

static uint64_t wsum(const uint32_t *w, int n) {
  uint64_t s = 0;
  for (int i = 0; i < n; i++) s += w[i];
  return s;
}

uint64_t _oli_place_run_unit(const uint32_t *w, int n, uint64_t npages) {
  uint64_t sum = wsum(w, n);
  if (sum == 0) return OLI_RUN_UNIT_MIN;
  uint64_t unit = (npages + sum * OLI_MAX_PERIODS - 1) / (sum * OLI_MAX_PERIODS);
  return unit < OLI_RUN_UNIT_MIN ? OLI_RUN_UNIT_MIN : unit;
}

/* Pages of target i in a (partial) period of len pages. */
static void split_period(uint64_t len, uint64_t unit, const uint32_t *w, int n, uint64_t out[]) {
  uint64_t sum = wsum(w, n), full = unit * sum;
  if (len == full) {
    for (int i = 0; i < n; i++) out[i] = unit * w[i];
    return;
  }
  uint64_t given = 0, acc = 0;
  for (int i = 0; i < n; i++) {
    acc += w[i];
    uint64_t upto = (len * acc + sum / 2) / sum; /* rounded cumulative share */
    out[i] = upto - given;
    given = upto;
  }
}

static int page_runs(char *addr, uint64_t npages, const int *nodes, const uint32_t *w, int n,
                     unsigned flags) {
  uint64_t pg = _oli_page_size(), unit = _oli_place_run_unit(w, n, npages), period = unit * wsum(w, n);
  for (uint64_t off = 0; off < npages; off += period) {
    uint64_t len = npages - off < period ? npages - off : period, run[OLI_MAX_TARGETS], at = off;
    split_period(len, unit, w, n, run);
    for (int i = 0; i < n; i++) {
      if (run[i] == 0) continue;
      if (bind_nodes(addr + at * pg, run[i] * pg, MPOL_PREFERRED, &nodes[i], 1, flags) != 0) return -1;
      at += run[i];
    }
  }
  return 0;
}

/* The kernel's interleave policies hand out whole folios: with transparent
 * huge pages a 2 MiB folio per step. They are exact for an object only when it
 * is a whole number of rounds of huge pages (the arena aligns such blocks to
 * 2 MiB); any other object gets page runs. npages 0: size not known. */
static bool native_exact(const uint32_t *w, int n, uint64_t npages) {
  if (npages == 0) return true;
  uint64_t round = wsum(w, n) * (OLI_HUGE_BYTES / _oli_page_size());
  return npages % round == 0;
}

oli_mechanism_t _oli_place_mechanism(const oli_decision_t *d, uint64_t npages, bool aligned) {
  int nodes[OLI_MAX_TARGETS];
  uint32_t w[OLI_MAX_TARGETS];
  int n = targets(d, nodes, w);
  switch (d->placement) {
  case OLI_PLACE_DEFAULT: return OLI_MECH_DEFAULT;
  case OLI_PLACE_DRAM:
  case OLI_PLACE_CXL:
  case OLI_PLACE_RDRAM: return OLI_MECH_PREFERRED;
  case OLI_PLACE_INTERLEAVE:
    if (n <= 1) return OLI_MECH_PREFERRED;
    if (!aligned || !native_exact(w, n, npages)) return OLI_MECH_PAGE_RUNS;
    if (all_equal(w, n)) return OLI_MECH_INTERLEAVE;
    if (kernel_weights_match(nodes, w, n)) return OLI_MECH_WEIGHTED;
    return OLI_MECH_PAGE_RUNS;
  }
  return OLI_MECH_DEFAULT;
}

int _oli_place_intended(const oli_decision_t *d, uint64_t npages, uint64_t out[OLI_MAX_TARGETS]) {
  int nodes[OLI_MAX_TARGETS];
  uint32_t w[OLI_MAX_TARGETS];
  uint64_t per[OLI_MAX_TARGETS] = {0};
  memset(out, 0, sizeof(uint64_t) * OLI_MAX_TARGETS);
  int n = targets(d, nodes, w);
  if (n == 0) return 0;
  switch (d->mechanism) {
  case OLI_MECH_DEFAULT: return 0;
  case OLI_MECH_PREFERRED: per[0] = npages; break; /* all on the first target */
  case OLI_MECH_PAGE_RUNS: {
    uint64_t unit = _oli_place_run_unit(w, n, npages), period = unit * wsum(w, n);
    for (uint64_t off = 0; off < npages; off += period) {
      uint64_t run[OLI_MAX_TARGETS];
      split_period(npages - off < period ? npages - off : period, unit, w, n, run);
      for (int i = 0; i < n; i++) per[i] += run[i];
    }
    break;
  }
  case OLI_MECH_INTERLEAVE:
  case OLI_MECH_WEIGHTED:
    if (npages) split_period(npages, npages, w, n, per); /* proportional */
    break;
  }
  /* Back to the decision's target index (targets with weight 0 get none). */
  for (int i = 0, k = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (d->target[i].weight) out[i] = per[k++];
  return d->ntargets;
}

int _oli_place_range(void *addr, size_t len, const oli_decision_t *d, unsigned flags) {
  int nodes[OLI_MAX_TARGETS], rc = 0;
  uint32_t w[OLI_MAX_TARGETS];
  int n = targets(d, nodes, w);
  if (len == 0 || d->placement == OLI_PLACE_DEFAULT) return 0;
  switch (d->mechanism) {
  case OLI_MECH_DEFAULT: /* a placed decision without a mechanism: never silently unbound */
    errno = EINVAL;
    rc = -1;
    break;
  case OLI_MECH_PREFERRED:
    rc = n > 0 ? bind_nodes(addr, len, MPOL_PREFERRED, nodes, 1, flags) : (errno = EINVAL, -1);
    break;
  case OLI_MECH_INTERLEAVE:
    rc = bind_nodes(addr, len, MPOL_INTERLEAVE, nodes, n, flags);
    break;
  case OLI_MECH_WEIGHTED:
    rc = bind_nodes(addr, len, OLI_MPOL_WEIGHTED_INTERLEAVE, nodes, n, flags);
    if (rc != 0 && errno == EINVAL) { /* kernel without it after all: page runs */
      _oli_warning_message(W_NO_WI, "MPOL_WEIGHTED_INTERLEAVE refused by the kernel; using page runs");
      rc = page_runs(addr, len / _oli_page_size(), nodes, w, n, flags);
    }
    break;
  case OLI_MECH_PAGE_RUNS:
    rc = n > 0 ? page_runs(addr, len / _oli_page_size(), nodes, w, n, flags) : (errno = EINVAL, -1);
    break;
  }
  if (rc != 0) {
    int e = errno;
    sys_mbind(addr, len, MPOL_DEFAULT, NULL, 0, 0);
    errno = e;
    return -1;
  }
  return 0;
}

/* ---- is there room on the target nodes? ------------------------------------ */
/* MPOL_PREFERRED never fails: a full node silently spills over to another, and
 * the page allocator does so as soon as a zone would drop below its low
 * watermark (before reclaiming anything on the preferred node). So before a
 * fresh object is placed, each target node's share is compared with what the
 * node can give without spilling: per zone of the node (/proc/zoneinfo),
 * free - low - the largest lowmem protection, summed, less a 4 MiB margin.
 * Without zoneinfo: MemFree of nodeN/meminfo. A node that cannot take its
 * share makes the object a fallback: default policy, W_MBIND, counted,
 * reported. Values are cached for 20 ms; placed shares are deducted. */
#define ROOM_MARGIN (4ull << 20)
#define ROOM_TTL_NS 20000000ull

static uint64_t parse_kb(const char *buf, const char *key) {
  const char *p = strstr(buf, key);
  if (!p) return 0;
  p += strlen(key);
  while (*p == ' ' || *p == ':') p++;
  return strtoull(p, NULL, 10);
}

/* MemFree of node n from sysfs; UINT64_MAX when unknown. No malloc. */
static uint64_t read_memfree(int n) {
  const char *root = _oli_option_str(oli_option_sysfs_root);
  char path[512], buf[4096];
  snprintf(path, sizeof path, "%s/sys/devices/system/node/node%d/meminfo", root && *root ? root : "", n);
  if (oli_infile_read(path, buf, sizeof buf) <= 0) return UINT64_MAX; /* a FIFO in OLI_SYSFS_ROOT: no hang */
  if (!strstr(buf, "MemFree")) return UINT64_MAX;
  return parse_kb(buf, "MemFree:") * 1024;
}

typedef struct zscan_s {
  int node, in_zone;
  uint64_t free, low, prot;
  uint64_t room[OLI_MAX_NODES]; /* pages */
  bool seen[OLI_MAX_NODES];
} zscan_t;

static void zone_end(zscan_t *z) {
  if (z->in_zone && z->node >= 0 && z->node < OLI_MAX_NODES) {
    uint64_t keep = z->low + z->prot;
    z->room[z->node] += z->free > keep ? z->free - keep : 0;
    z->seen[z->node] = true;
  }
  z->in_zone = 0;
  z->free = z->low = z->prot = 0;
}

static void zone_line(zscan_t *z, const char *l) {
  while (*l == ' ' || *l == '\t') l++;
  if (strncmp(l, "Node ", 5) == 0) {
    zone_end(z);
    z->node = atoi(l + 5);
    z->in_zone = 1;
  } else if (strncmp(l, "pages free", 10) == 0) {
    z->free = strtoull(l + 10, NULL, 10);
  } else if (strncmp(l, "low ", 4) == 0) {
    z->low = strtoull(l + 4, NULL, 10);
  } else if (strncmp(l, "protection:", 11) == 0) {
    for (const char *p = strchr(l, '('); p && *p && *p != ')'; p++) {
      char *e;
      uint64_t v = strtoull(p + 1, &e, 10);
      if (v > z->prot) z->prot = v;
      p = e;
      if (*p != ',') break;
    }
  }
}

/* All nodes' room in bytes from /proc/zoneinfo; false when unreadable. */
static bool read_zoneinfo(uint64_t room[OLI_MAX_NODES], bool seen[OLI_MAX_NODES]) {
  int fd = open("/proc/zoneinfo", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  static zscan_t z; /* 1 KiB: not on the stack of an allocation */
  static char buf[4096];
  static pthread_mutex_t zlock = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&zlock);
  memset(&z, 0, sizeof z);
  z.node = -1;
  size_t have = 0;
  ssize_t r;
  while ((r = read(fd, buf + have, sizeof buf - 1 - have)) > 0) {
    have += (size_t)r;
    buf[have] = 0;
    char *line = buf, *nl;
    while ((nl = strchr(line, '\n')) != NULL) {
      *nl = 0;
      zone_line(&z, line);
      line = nl + 1;
    }
    have = strlen(line);
    memmove(buf, line, have);
    if (have == sizeof buf - 1) have = 0; /* an absurd line: drop it */
  }
  close(fd);
  zone_end(&z);
  uint64_t pg = _oli_page_size();
  bool any = false;
  for (int n = 0; n < OLI_MAX_NODES; n++) {
    room[n] = z.seen[n] ? z.room[n] * pg : UINT64_MAX;
    seen[n] = z.seen[n];
    any |= z.seen[n];
  }
  pthread_mutex_unlock(&zlock);
  return any;
}

static struct {
  _Atomic uint64_t room, stamp; /* stamp 0: never read */
} room_cache[OLI_MAX_NODES];

uint64_t _oli_node_room(int n) {
  if (!node_ok(n)) return UINT64_MAX;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  uint64_t now = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec + 1;
  uint64_t st = atomic_load_explicit(&room_cache[n].stamp, memory_order_acquire);
  if (st && now - st < ROOM_TTL_NS) return atomic_load_explicit(&room_cache[n].room, memory_order_relaxed);
  uint64_t room[OLI_MAX_NODES];
  bool seen[OLI_MAX_NODES];
  const char *root = _oli_option_str(oli_option_sysfs_root);
  bool real = !root || !*root || strcmp(root, "/") == 0; /* a recorded tree: its meminfo */
  if (real && read_zoneinfo(room, seen)) {
    for (int k = 0; k < OLI_MAX_NODES; k++) {
      atomic_store_explicit(&room_cache[k].room, room[k], memory_order_relaxed);
      atomic_store_explicit(&room_cache[k].stamp, now, memory_order_release);
    }
    return room[n];
  }
  uint64_t r = read_memfree(n);
  atomic_store_explicit(&room_cache[n].room, r, memory_order_relaxed);
  atomic_store_explicit(&room_cache[n].stamp, now, memory_order_release);
  return r;
}

static void node_room_taken(int n, uint64_t bytes) {
  if (!node_ok(n)) return;
  uint64_t r = atomic_load_explicit(&room_cache[n].room, memory_order_relaxed);
  if (r != UINT64_MAX) atomic_store_explicit(&room_cache[n].room, r > bytes ? r - bytes : 0, memory_order_relaxed);
}

int _oli_place_fits(const oli_decision_t *d, uint64_t npages, const uint64_t room[OLI_MAX_NODES]) {
  uint64_t per[OLI_MAX_TARGETS], pg = _oli_page_size();
  if (d->placement == OLI_PLACE_DEFAULT) return -1;
  _oli_place_intended(d, npages, per);
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++) {
    int n = d->target[i].node;
    if (!per[i] || !node_ok(n) || room[n] == UINT64_MAX) continue;
    if (per[i] * pg + ROOM_MARGIN > room[n]) return n;
  }
  return -1;
}

int _oli_place_check_room(const oli_decision_t *d, uint64_t len, uint64_t *need, uint64_t *have) {
  uint64_t room[OLI_MAX_NODES], pg = _oli_page_size(), npages = (len + pg - 1) / pg, per[OLI_MAX_TARGETS];
  for (int n = 0; n < OLI_MAX_NODES; n++) room[n] = UINT64_MAX;
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (node_ok(d->target[i].node)) room[d->target[i].node] = _oli_node_room(d->target[i].node);
  int full = _oli_place_fits(d, npages, room);
  _oli_place_intended(d, npages, per);
  if (full >= 0) {
    for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
      if (d->target[i].node == full) *need = per[i] * pg;
    *have = room[full];
    return full;
  }
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (per[i]) node_room_taken(d->target[i].node, per[i] * pg);
  return -1;
}

int _oli_place_checked(void *addr, size_t len, const oli_decision_t *d, unsigned flags, const char *what) {
  if (d->placement == OLI_PLACE_DEFAULT || len == 0) return 0;
  uint64_t need = 0, have = 0;
  int full = _oli_place_check_room(d, len, &need, &have);
  if (full >= 0) {
    _oli_warning_message(W_MBIND, "node %d is full (%llu bytes left, %s needs %llu there); default policy used",
                         full, (unsigned long long)have, what, (unsigned long long)need);
    return -1;
  }
  if (_oli_place_range(addr, len, d, flags) != 0) {
    _oli_warning_message(W_MBIND, "mbind of %s (%s) failed: %s; default policy used", what,
                         oli_mechanism_name(d->mechanism), strerror(errno));
    return -1;
  }
  return 0;
}
