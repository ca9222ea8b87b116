/* runtime/policy/taskpolicy.c - OLI_POLICY=uniform: the whole process interleaved over
 * local DRAM and CXL, as `numactl --weighted-interleave` (or `--interleave`)
 * would run it, set from inside the binary.
 *
 * Process init sets the task policy of the thread that initialises the runtime
 * (a constructor: the main thread, before main), so every page the process
 * touches from then on - small objects, stacks of threads it creates, globals,
 * libraries' and the MPI library's memory - follows it; objects the runtime
 * places (>= OLI_MIN_SIZE) get the same ratio from their own mbind. The policy
 * is inherited by fork() and exec(), as numactl's is.
 *
 *   weights all equal            -> MPOL_INTERLEAVE over the target nodes (any kernel)
 *   kernel weighted interleave   -> MPOL_WEIGHTED_INTERLEAVE (Linux 6.9+) over them, at
 *                                   the kernel's global weights; when those differ from
 *                                   the process's weights, placed objects keep the
 *                                   process's and one warning (task_policy) says so
 *   no weighted interleave (6.1) -> MPOL_INTERLEAVE 1:1 for everything not placed,
 *                                   with the same warning
 * Targets: local DRAM, CXL, and remote DRAM when the weights give it one.
 * A refused set_mempolicy leaves the default policy (W_MBIND, counted). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "grammar.h"
#include "internal.h"

#define MPOL_INTERLEAVE_ 3
#define MPOL_WEIGHTED_INTERLEAVE_ 6 /* Linux 6.9+ */

static oli_task_policy_t applied;

static uint32_t kernel_weight(const oli_topology_t *t, int node) {
  uint32_t w = t->kernel_weights[node];
  return w ? w : 1; /* unset: the kernel's default weight */
}

void _oli_task_policy_choose(const oli_topology_t *t, const uint32_t w[OLI_MAX_TARGETS],
                             oli_task_policy_t *out) {
  memset(out, 0, sizeof *out);
  out->mode = OLI_TASK_POLICY_NONE;
  if (t == NULL || t->local_node < 0 || t->cxl_node < 0 || t->local_node >= OLI_MAX_NODES ||
      t->cxl_node >= OLI_MAX_NODES)
    return; /* nothing to interleave with (init already warned: no CXL node) */
  uint32_t def[OLI_NODE_TIERS];
  if (w[OLI_TIER_DRAM] == 0 || w[OLI_TIER_CXL] == 0) { /* as decide.c: the default ratio */
    oli_default_ratio(def);
    w = def;
  }
  out->node[OLI_TIER_DRAM] = t->local_node;
  out->node[OLI_TIER_CXL] = t->cxl_node;
  out->want[OLI_TIER_DRAM] = w[OLI_TIER_DRAM];
  out->want[OLI_TIER_CXL] = w[OLI_TIER_CXL];
  out->nnodes = 2;
  if (w[OLI_TIER_REMOTE] && t->remote_node >= 0 && t->remote_node < OLI_MAX_NODES) {
    out->node[OLI_TIER_REMOTE] = t->remote_node;
    out->want[OLI_TIER_REMOTE] = w[OLI_TIER_REMOTE];
    out->nnodes = 3;
  }
  bool equal = true;
  for (int i = 1; i < out->nnodes; i++) equal = equal && out->want[i] == out->want[0];
  if (equal) {
    out->mode = OLI_TASK_POLICY_INTERLEAVE;
    for (int i = 0; i < out->nnodes; i++) out->weight[i] = 1;
    out->exact = true;
    return;
  }
  if (t->kernel_wi) {
    out->mode = OLI_TASK_POLICY_WEIGHTED_INTERLEAVE;
    for (int i = 0; i < out->nnodes; i++) out->weight[i] = kernel_weight(t, out->node[i]);
  } else {
    out->mode = OLI_TASK_POLICY_INTERLEAVE;
    for (int i = 0; i < out->nnodes; i++) out->weight[i] = 1;
  }
  out->exact = true;
  for (int i = 1; i < out->nnodes; i++)
    if ((uint64_t)out->weight[i] * out->want[0] != (uint64_t)out->want[i] * out->weight[0]) out->exact = false;
}

void _oli_task_policy_apply(const oli_topology_t *t, const uint32_t w[OLI_MAX_TARGETS], const char *wsrc) {
  oli_task_policy_t p;
  _oli_task_policy_choose(t, w, &p);
  if (p.mode == OLI_TASK_POLICY_NONE) {
    applied = p;
    return;
  }
  unsigned long mask[OLI_MAX_NODES / 64] = {0};
  for (int i = 0; i < p.nnodes; i++) mask[p.node[i] / 64] |= 1ul << (p.node[i] % 64);
  int mode = p.mode == OLI_TASK_POLICY_WEIGHTED_INTERLEAVE ? MPOL_WEIGHTED_INTERLEAVE_ : MPOL_INTERLEAVE_;
  char want[48], got[48], nodes[48];
  oli_format_ratio(p.want, want, sizeof want); /* "D:C", or "D:C:R" with a remote tier */
  oli_format_ratio(p.weight, got, sizeof got);
  size_t len = 0;
  for (int i = 0; i < p.nnodes; i++)
    len += (size_t)snprintf(nodes + len, sizeof nodes - len, "%s%d", i ? "," : "", p.node[i]);
  int saved = errno;
  if (_oli_os_set_mempolicy(mode, mask, OLI_MAX_NODES + 1) != 0) {
    int e = errno;
    errno = saved;
    _oli_warning_message(W_MBIND,
                         "OLI_POLICY=uniform: set_mempolicy(%s, nodes %s) failed: %s; the process keeps "
                         "the default policy, only objects >= OLI_MIN_SIZE are interleaved",
                         oli_task_policy_mode_name(p.mode), nodes, strerror(e));
    p.mode = OLI_TASK_POLICY_FAILED;
    applied = p;
    return;
  }
  errno = saved;
  applied = p;
  _oli_verbose_message(1, "OLI_POLICY=uniform: task policy %s over nodes %s at %s", oli_task_policy_mode_name(p.mode),
                       nodes, got);
  if (!p.exact)
    _oli_warning_message(W_TASK_POLICY,
                         "OLI_POLICY=uniform: %s; memory below OLI_MIN_SIZE (small objects, stacks, "
                         "libraries) is interleaved over nodes %s at %s, objects >= OLI_MIN_SIZE at %s (%s); "
                         "for one ratio set OLI_WEIGHTS=%s%s",
                         t->kernel_wi ? "the kernel interleaves a whole process only at its own weights "
                                        "(/sys/kernel/mm/mempolicy/weighted_interleave/nodeN)"
                                      : "this kernel has no MPOL_WEIGHTED_INTERLEAVE (Linux 6.9+): a whole "
                                        "process can only be interleaved 1:1",
                         nodes, got, want, wsrc, got,
                         t->kernel_wi ? ", or write the weights into those files as root" : "");
}

const oli_task_policy_t *_oli_task_policy(void) { return &applied; }

