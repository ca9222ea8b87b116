/* runtime/place.c - mbind mechanics: give a page range its placement before
 * anyone touches it.
 *
 *   DRAM        MPOL_PREFERRED on the local DRAM node (a full node spills over)
 *   CXL         MPOL_PREFERRED on the CXL node
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
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "alloc_internal.h"

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
  static uint64_t pg;
  if (oli_unlikely(pg == 0)) {
    long v = sysconf(_SC_PAGESIZE);
    pg = v > 0 ? (uint64_t)v : 4096;
  }
  return pg;
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

/* Effective targets of an interleave: those with a non-zero weight. */
static int targets(const oli_decision_t *d, int nodes[OLI_MAX_TARGETS], uint32_t w[OLI_MAX_TARGETS]) {
  int n = 0;
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++) {
    if (d->weight[i] == 0) continue;
    nodes[n] = d->node[i];
    w[n] = d->weight[i];
    n++;
  }
  return n;
}

/* The node a CXL placement goes to: the first target that is a CXL node,
 * else the last target (decide.c lists local DRAM first). */
static int cxl_target(const oli_decision_t *d) {
  const oli_topology_t *t = _oli_topology();
  for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (t && node_ok(d->node[i]) && t->nodes[d->node[i]].kind == OLI_NODE_CXL) return d->node[i];
  return d->ntargets > 0 ? d->node[d->ntargets - 1] : -1;
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

const char *_oli_place_mechanism_n(const oli_decision_t *d, uint64_t npages) {
  int nodes[OLI_MAX_TARGETS];
  uint32_t w[OLI_MAX_TARGETS];
  switch (d->placement) {
  case OLI_PLACE_DRAM:
  case OLI_PLACE_CXL:
    return "preferred";
  case OLI_PLACE_INTERLEAVE: {
    int n = targets(d, nodes, w);
    if (n <= 1) return "preferred";
    if (all_equal(w, n) && native_exact(w, n, npages)) return "interleave";
    if (kernel_weights_match(nodes, w, n) && native_exact(w, n, npages)) return "weighted-interleave";
    return "page-runs";
  }
  default:
    return "default";
  }
}

const char *_oli_place_mechanism(const oli_decision_t *d) { return _oli_place_mechanism_n(d, 0); }

int _oli_place_intended(const oli_decision_t *d, uint64_t npages, uint64_t out[OLI_MAX_TARGETS]) {
  memset(out, 0, sizeof(uint64_t) * OLI_MAX_TARGETS);
  switch (d->placement) {
  case OLI_PLACE_DRAM:
    out[0] = npages;
    return 1;
  case OLI_PLACE_CXL: {
    int c = cxl_target(d);
    for (int i = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
      if (d->node[i] == c) {
        out[i] = npages;
        return d->ntargets;
      }
    out[0] = npages;
    return 1;
  }
  case OLI_PLACE_INTERLEAVE: {
    int nodes[OLI_MAX_TARGETS];
    uint32_t w[OLI_MAX_TARGETS];
    uint64_t per[OLI_MAX_TARGETS] = {0};
    int n = targets(d, nodes, w);
    if (n == 0) return 0;
    uint64_t unit = _oli_place_run_unit(w, n, npages), period = unit * wsum(w, n);
    if (strcmp(_oli_place_mechanism_n(d, npages), "page-runs") == 0) {
      for (uint64_t off = 0; off < npages; off += period) {
        uint64_t run[OLI_MAX_TARGETS];
        split_period(npages - off < period ? npages - off : period, unit, w, n, run);
        for (int i = 0; i < n; i++) per[i] += run[i];
      }
    } else {
      split_period(npages, npages ? npages : 1, w, n, per); /* proportional */
      if (npages == 0) memset(per, 0, sizeof per);
    }
    /* Map back to the decision's target index. */
    for (int i = 0, k = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
      if (d->weight[i]) out[i] = per[k++];
    return d->ntargets;
  }
  default:
    return 0;
  }
}

int _oli_place_range(void *addr, size_t len, const oli_decision_t *d, unsigned flags) {
  if (len == 0 || d->placement == OLI_PLACE_DEFAULT) return 0;
  int nodes[OLI_MAX_TARGETS], rc = 0, n;
  uint32_t w[OLI_MAX_TARGETS];
  bool aligned = (uintptr_t)addr % OLI_HUGE_BYTES == 0; /* native interleave needs whole folios */
  switch (d->placement) {
  case OLI_PLACE_DRAM:
    rc = d->ntargets > 0 ? bind_nodes(addr, len, MPOL_PREFERRED, &d->node[0], 1, flags) : (errno = EINVAL, -1);
    break;
  case OLI_PLACE_CXL: {
    int c = cxl_target(d);
    rc = bind_nodes(addr, len, MPOL_PREFERRED, &c, 1, flags);
    break;
  }
  case OLI_PLACE_INTERLEAVE:
    n = targets(d, nodes, w);
    if (n == 0) {
      errno = EINVAL;
      rc = -1;
    } else if (n == 1) {
      rc = bind_nodes(addr, len, MPOL_PREFERRED, nodes, 1, flags);
    } else if (all_equal(w, n) && aligned && native_exact(w, n, len / _oli_page_size())) {
      rc = bind_nodes(addr, len, MPOL_INTERLEAVE, nodes, n, flags);
    } else if (kernel_weights_match(nodes, w, n) && aligned && native_exact(w, n, len / _oli_page_size())) {
      rc = bind_nodes(addr, len, OLI_MPOL_WEIGHTED_INTERLEAVE, nodes, n, flags);
      if (rc != 0 && errno == EINVAL) { /* kernel without it after all: page runs */
        _oli_warning_message(W_NO_WI, "MPOL_WEIGHTED_INTERLEAVE refused by the kernel; using page runs");
        rc = page_runs(addr, len / _oli_page_size(), nodes, w, n, flags);
      }
    } else {
      rc = page_runs(addr, len / _oli_page_size(), nodes, w, n, flags);
    }
    break;
  default:
    return 0;
  }
  if (rc != 0) {
    int e = errno;
    sys_mbind(addr, len, MPOL_DEFAULT, NULL, 0, 0);
    errno = e;
    return -1;
  }
  return 0;
}
