/* runtime/memory/place.c - mbind mechanics: give a page range its placement before
 * anyone touches it.
 *
 * The mechanism (oli_mechanism_t) follows from the decision's targets and
 * the object (_oli_place_mechanism); _oli_place_range applies d->mechanism:
 *   DRAM, CXL, RDRAM  MPOL_PREFERRED on the target's node (a full node spills over)
 *   INTERLEAVE  per-object ratio on every kernel, laid out by the stripe
 *               planner (stripe.c; docs/runtime-internals.md, "Striping"):
 *                 equal weights                          -> MPOL_INTERLEAVE body
 *                 ratio == kernel's global weights (6.9+) -> MPOL_WEIGHTED_INTERLEAVE body
 *                   (the body: whole rounds of the kernel's folio - 2 MiB with
 *                   transparent huge pages, 4 KiB with THP never - from the
 *                   first folio boundary; the head and tail are page runs)
 *                 otherwise                              -> page runs only: runs of
 *                   at most max(w) x 2 MiB, each MPOL_PREFERRED on its node,
 *                   longer only when the VMA budget (vmabudget.c) runs out.
 *               oli never writes the kernel's global weights (a setting of the
 *               whole machine, root's to make: docs/runtime.md).
 * A failure resets the whole range to MPOL_DEFAULT and returns -1/errno. */
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

#define MASK_WORDS (OLI_MAX_NODES / 64)

#define sys_mbind _oli_os_mbind

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

/* Pages of the stripe planner's step (2 MiB) and of the kernel's interleave
 * folio: 2 MiB unless transparent huge pages are off (OLI_THP rows). */
static uint64_t step_pages(void) {
  uint64_t s = OLI_HUGE_BYTES / _oli_page_size();
  return s ? s : 1;
}
static uint64_t folio_pages(void) {
  const oli_topology_t *t = _oli_topology();
  return !t || oli_thp_folio(t->thp) ? step_pages() : 1;
}

static uint64_t wsum(const uint32_t *w, int n) {
  uint64_t s = 0;
  for (int i = 0; i < n; i++) s += w[i];
  return s;
}

/* The kernel interleaves the object's body itself when it has whole rounds
 * of folios past its first folio boundary (an unaligned object: assume the
 * longest head). npages 0: size not known. */
static bool has_body(const uint32_t *w, int n, uint64_t npages, bool aligned) {
  if (npages == 0) return true;
  uint64_t huge = folio_pages(), head = aligned || huge == 1 ? 0 : huge - 1;
  return npages >= head + wsum(w, n) * huge;
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
    if (!has_body(w, n, npages, aligned)) return OLI_MECH_PAGE_RUNS;
    if (all_equal(w, n)) return OLI_MECH_INTERLEAVE;
    if (kernel_weights_match(nodes, w, n)) return OLI_MECH_WEIGHTED;
    return OLI_MECH_PAGE_RUNS;
  }
  return OLI_MECH_DEFAULT;
}

/* The planner's input for d's mechanism over npages at page number start;
 * vmas 0: no budget. Returns the number of targets (0: none). */
static int stripe_input(const oli_decision_t *d, uint64_t start, uint64_t npages, uint64_t vmas,
                        oli_stripe_in_t *in, int nodes[OLI_MAX_TARGETS]) {
  memset(in, 0, sizeof *in);
  in->n = targets(d, nodes, in->w);
  in->start = start;
  in->npages = npages;
  in->step = step_pages();
  in->huge = folio_pages();
  in->native = d->mechanism == OLI_MECH_INTERLEAVE || d->mechanism == OLI_MECH_WEIGHTED;
  in->vmas = vmas;
  return in->n;
}

int _oli_place_layout(const oli_decision_t *d, uintptr_t addr, uint64_t npages, uint64_t vmas,
                      oli_stripe_in_t *in, oli_stripe_t *plan) {
  int nodes[OLI_MAX_TARGETS];
  if (stripe_input(d, addr / _oli_page_size(), npages, vmas, in, nodes) < 1) return -1;
  return _oli_stripe_plan(in, plan);
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
  case OLI_MECH_PAGE_RUNS:
  case OLI_MECH_INTERLEAVE:
  case OLI_MECH_WEIGHTED: {
    /* The layout of an object on a folio boundary: every target's share to a
     * page per segment, whatever the address and the unit. */
    oli_stripe_in_t in;
    oli_stripe_t plan;
    if (npages && _oli_place_layout(d, 0, npages, 0, &in, &plan) == 0) _oli_stripe_pages(&in, &plan, per);
    break;
  }
  }
  /* Back to the decision's target index (targets with weight 0 get none). */
  for (int i = 0, k = 0; i < d->ntargets && i < OLI_MAX_TARGETS; i++)
    if (d->target[i].weight) out[i] = per[k++];
  return d->ntargets;
}

/* ---- striping: walk the plan with mbind ---------------------------------- */
typedef struct bind_walk_s {
  char *addr;
  uint64_t pg;
  const int *nodes;
  int n, native_mode;
  unsigned flags;
} bind_walk_t;

static int bind_segment(void *arg, uint64_t off, uint64_t len, int target) {
  bind_walk_t *b = arg;
  char *a = b->addr + off * b->pg;
  if (target < 0) return bind_nodes(a, len * b->pg, b->native_mode, b->nodes, b->n, b->flags);
  return bind_nodes(a, len * b->pg, MPOL_PREFERRED, &b->nodes[target], 1, b->flags);
}

/* Lay out d over [addr, addr + len) by its mechanism with the VMA budget;
 * what it made in *out. */
static int striped(void *addr, size_t len, const oli_decision_t *d, unsigned flags, oli_layout_t *out) {
  int nodes[OLI_MAX_TARGETS];
  oli_stripe_in_t in;
  oli_stripe_t plan;
  uint64_t pg = _oli_page_size(), allow = _oli_vma_allowance();
  /* 0 means "no limit" to the planner: an exhausted budget is one VMA */
  if (stripe_input(d, (uintptr_t)addr / pg, len / pg, allow ? allow : 1, &in, nodes) < 1 ||
      _oli_stripe_plan(&in, &plan) != 0) {
    errno = EINVAL;
    return -1;
  }
  int mode = d->mechanism == OLI_MECH_WEIGHTED ? OLI_MPOL_WEIGHTED_INTERLEAVE : MPOL_INTERLEAVE;
  bind_walk_t b = {addr, pg, nodes, in.n, mode, flags};
  int rc = _oli_stripe_walk(&in, &plan, bind_segment, &b);
  if (rc != 0 && errno == EINVAL && d->mechanism == OLI_MECH_WEIGHTED) { /* kernel without it after all */
    _oli_warning_message(W_NO_WI, "MPOL_WEIGHTED_INTERLEAVE refused by the kernel; using page runs");
    in.native = false;
    if (_oli_stripe_plan(&in, &plan) != 0) return -1;
    rc = _oli_stripe_walk(&in, &plan, bind_segment, &b);
  }
  if (rc != 0) return -1;
  _oli_vma_take(plan.vmas, plan.coarsened);
  if (out) {
    out->vmas = plan.vmas;
    out->max_run = plan.max_run;
    out->coarsened = plan.coarsened;
  }
  if (plan.coarsened)
    _oli_verbose_message(1, "%llu-page object coarsened to runs of up to %llu pages: %llu VMAs left in the budget",
                         (unsigned long long)in.npages, (unsigned long long)plan.max_run,
                         (unsigned long long)allow);
  return 0;
}

int _oli_place_range(void *addr, size_t len, const oli_decision_t *d, unsigned flags, oli_layout_t *out) {
  int nodes[OLI_MAX_TARGETS], rc = 0;
  uint32_t w[OLI_MAX_TARGETS];
  int n = targets(d, nodes, w);
  if (out) memset(out, 0, sizeof *out);
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
  case OLI_MECH_WEIGHTED:
  case OLI_MECH_PAGE_RUNS:
    rc = n > 0 ? striped(addr, len, d, flags, out) : (errno = EINVAL, -1);
    break;
  }
  if (rc != 0) {
    int e = errno;
    sys_mbind(addr, len, MPOL_DEFAULT, NULL, 0, 0); /* the runs made so far merge back */
    errno = e;
    if (out) memset(out, 0, sizeof *out);
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
  const char *root = _oli_option_path(oli_option_sysfs_root);
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

/* The scratch of the zoneinfo scan below: a child forked in the middle of a
 * scan gets the lock free (the scan starts afresh each time). */
static pthread_mutex_t zlock = PTHREAD_MUTEX_INITIALIZER;
__attribute__((constructor)) static void guard_zlock(void) { _oli_fork_guard(&zlock, NULL); }

/* All nodes' room in bytes from /proc/zoneinfo; false when unreadable. */
static bool read_zoneinfo(uint64_t room[OLI_MAX_NODES], bool seen[OLI_MAX_NODES]) {
  int fd = open("/proc/zoneinfo", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  static zscan_t z; /* 1 KiB: not on the stack of an allocation */
  static char buf[4096];
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
  const char *root = _oli_option_path(oli_option_sysfs_root);
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

int _oli_place_checked(void *addr, size_t len, const oli_decision_t *d, unsigned flags, const char *what,
                       oli_layout_t *out) {
  if (out) memset(out, 0, sizeof *out);
  if (d->placement == OLI_PLACE_DEFAULT || len == 0) return 0;
  uint64_t need = 0, have = 0;
  int full = _oli_place_check_room(d, len, &need, &have);
  if (full >= 0) {
    _oli_warning_message(W_MBIND, "node %d is full (%llu bytes left, %s needs %llu there); default policy used",
                         full, (unsigned long long)have, what, (unsigned long long)need);
    return -1;
  }
  if (_oli_place_range(addr, len, d, flags, out) != 0) {
    _oli_warning_message(W_MBIND, "mbind of %s (%s) failed: %s; default policy used", what,
                         oli_mechanism_name(d->mechanism), strerror(errno));
    return -1;
  }
  return 0;
}
