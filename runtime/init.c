/* runtime/init.c - the process's one start and one end (mimalloc's
 * mi_process_init / mi_process_done).
 *
 * Start, once: options (bad values stop the process with exit 2), topology
 * probe, overrides, default weights, warnings for what cannot be honoured,
 * the OLI_VERBOSE start-up log, then each subsystem's init in layer order
 * (task policy, profile, PMU). Called from liboli's constructor when the
 * options ask for it before main, from __oli_init (module constructor) and
 * lazily from the first allocation (alloc.c). Thread-safe; re-entry from the
 * same thread (an allocation made while initialising) returns at once
 * without deadlock, and nothing here calls malloc.
 *
 * End: one destructor, in this order: the report (after the final settle),
 * the verbose note when nothing was placed, the profile (PMU sampling
 * stopped first), the plan statistics line. No
 * subsystem has a constructor or destructor of its own, and none calls back
 * into this file: the process's facts it sets are read from base/process.c. */
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "grammar.h" /* sizes, ratios */

#ifndef OLI_BUILD_TYPE
#define OLI_BUILD_TYPE "unknown"
#endif

static oli_topology_t topo;
static uint32_t weights[OLI_MAX_TARGETS];
static const char *weights_source = "default";
static _Thread_local int in_init;

static void log_topology(void) {
  char a[32], b[32];
  for (int i = 0; i < topo.num_nodes; i++) {
    const oli_node_t *nd = &topo.nodes[i];
    if (nd->kind == OLI_NODE_NONE && nd->ncpus == 0) continue;
    char extra[160] = "";
    size_t len = 0;
    if (nd->tier >= 0) len += (size_t)snprintf(extra + len, sizeof extra - len, ", tier %d", nd->tier);
    if (nd->read_bw)
      len += (size_t)snprintf(extra + len, sizeof extra - len, ", read %u MB/s %u ns", nd->read_bw,
                              nd->read_lat);
    if (topo.kernel_weights[i] && len < sizeof extra)
      snprintf(extra + len, sizeof extra - len, ", kernel weight %u", topo.kernel_weights[i]);
    _oli_verbose_message(1, "node %d: %s, %d cpus, %s (%s free)%s", i, oli_node_kind_name(nd->kind),
                         nd->ncpus, oli_format_size(nd->mem_total, a, sizeof a),
                         oli_format_size(nd->mem_free, b, sizeof b), extra);
    if (_oli_option_get(oli_option_verbose) >= 2) {
      char row[OLI_MAX_NODES * 4 + 1];
      size_t r = 0;
      for (int j = 0; j < topo.num_nodes && r < sizeof row - 5; j++)
        r += (size_t)snprintf(row + r, sizeof row - r, " %u", topo.distance[i][j]);
      _oli_verbose_message(2, "node %d distances:%s", i, row);
    }
  }
  char w[40], cxl[16] = "none", remote[16] = "none";
  oli_format_ratio(weights, w, sizeof w);
  if (topo.cxl_node >= 0) snprintf(cxl, sizeof cxl, "%d", topo.cxl_node);
  if (topo.remote_node >= 0) snprintf(remote, sizeof remote, "%d", topo.remote_node);
  _oli_verbose_message(1,
                       "local DRAM node %d (CPUs of node %d), CXL node %s, remote DRAM node %s; "
                       "weights %s (%s); kernel weighted interleave: %s",
                       topo.local_node, topo.cpu_node, cxl, remote, w, weights_source, topo.kernel_wi ? "yes" : "no");
}

/* Whether the user's options ask for memory a one-node machine lacks: a policy
 * named in OLI_POLICY that uses CXL, or OLI_WEIGHTS, OLI_DRAM_LIMIT,
 * OLI_CXL_NODES, OLI_PLAN. Under the defaults alone there is nothing to act on
 * (numactl is silent there too): the warning is then counted, and printed with
 * OLI_VERBOSE=1. */
static bool asked_for_cxl(oli_policy_t policy) {
  bool named = false;
  switch (policy) {
  case OLI_POLICY_OLI:
  case OLI_POLICY_UNIFORM:
  case OLI_POLICY_CXL:
    named = _oli_option_is_set(oli_option_policy);
    break;
  case OLI_POLICY_DRAM:
  case OLI_POLICY_OFF:
  case OLI_POLICY_RDRAM:
    break;
  }
  return named || _oli_option_is_set(oli_option_weights) || _oli_option_is_set(oli_option_dram_limit) ||
         _oli_option_is_set(oli_option_cxl_nodes) || _oli_option_is_set(oli_option_plan);
}

static void do_init(void) {
  _oli_options_init(); /* bad values: one line, exit 2 */
  oli_policy_t policy = (oli_policy_t)_oli_option_get(oli_option_policy);
  long rank = _oli_env_mpi_rank();
  char rank_text[32] = "";
  if (rank >= 0) snprintf(rank_text, sizeof rank_text, ", MPI rank %ld", rank);
  _oli_verbose_message(1, "oli %s (%s build), pid %ld%s", oli_version(), OLI_BUILD_TYPE,
                       (long)getpid(), rank_text);
  _oli_options_print();
  _oli_verbose_message(1, "policy %s: %s", oli_policy_name(policy), oli_policy_help(policy));
  /* a DRAM budget below a placed object's least size: a unit left out
   * (OLI_DRAM_LIMIT=20 is 20 bytes: everything would go to CXL) */
  long lim = _oli_option_get(oli_option_dram_limit);
  if (lim > 0 && lim < (1l << 20))
    _oli_warning_message(W_OPTION, "OLI_DRAM_LIMIT is %ld bytes, less than the least object placed (1 MiB): every "
                         "large object goes to CXL; a size takes a unit (%ldM, %ldG)", lim, lim, lim);

  const char *root = _oli_option_path(oli_option_sysfs_root);
  int numa = _oli_topology_read(root ? root : "/", &topo);
  topo.recorded = root != NULL && strcmp(root, "/") != 0;

  uint64_t dm = (uint64_t)_oli_option_get(oli_option_dram_nodes);
  uint64_t cm = (uint64_t)_oli_option_get(oli_option_cxl_nodes);
  if (dm || cm) {
    char msg[400];
    if (_oli_topology_check_overrides(&topo, dm, cm, _oli_option_forced(oli_option_cxl_nodes), msg,
                                      sizeof msg) != 0) {
      _oli_error_message(0, "%s", msg);
      _oli_fatal_exit();
    }
    _oli_topology_apply_overrides(&topo, dm, cm);
  }

  _oli_machine_apply(&topo); /* measured bandwidths ahead of HMAT (exit 2 on a bad OLI_MACHINE) */
  if (_oli_option_str(oli_option_plan)) _oli_plan_load(); /* exit 2 on a bad OLI_PLAN */

  if (_oli_option_weights(weights) > 0) {
    weights_source = "user";
    if (weights[OLI_TIER_REMOTE] && topo.remote_node < 0 && policy != OLI_POLICY_OFF) {
      uint32_t two[OLI_NODE_TIERS] = {[OLI_TIER_DRAM] = weights[OLI_TIER_DRAM], [OLI_TIER_CXL] = weights[OLI_TIER_CXL]};
      char given[40], used[40];
      _oli_warning_message(W_OPTION,
                           "OLI_WEIGHTS='%s' gives remote DRAM a weight but there is no "
                           "remote DRAM node; interleaving local DRAM and CXL at %s",
                           oli_format_ratio(weights, given, sizeof given), oli_format_ratio(two, used, sizeof used));
    }
  } else {
    weights_source = _oli_topology_default_weights(&topo, weights);
  }

  /* CPU-less nodes in the DRAM tier: still far memory, but say so. */
  int dram_tier = _oli_topology_dram_tier(&topo);
  for (int i = 0; i < topo.num_nodes; i++) {
    if (topo.nodes[i].kind == OLI_NODE_CXL && dram_tier >= 0 && topo.nodes[i].tier >= 0 &&
        topo.nodes[i].tier <= dram_tier)
      _oli_verbose_message(1,
                           "node %d has memory and no CPUs but is in memory tier %d like DRAM: "
                           "used as CXL (OLI_DRAM_NODES can say otherwise)",
                           i, topo.nodes[i].tier);
  }

  if (policy != OLI_POLICY_OFF) {
    bool asked = asked_for_cxl(policy);
    if (numa < 0)
      _oli_machine_warning(W_NO_NUMA, asked,
                           "no NUMA information under %s (kernel without NUMA?): one node, "
                           "objects stay on it",
                           root ? root : "/");
    else if (topo.cxl_node < 0 && policy != OLI_POLICY_DRAM)
      _oli_machine_warning(W_NO_CXL, asked,
                           "no CXL node (a node with memory and no CPUs): OLI_POLICY=%s places "
                           "objects on local DRAM node %d",
                           oli_policy_name(policy), topo.local_node);
  }
  _oli_process_publish(&topo, weights, weights_source);
  log_topology();
  if (oli_policy_whole_process(policy)) _oli_task_policy_apply(&topo, weights, weights_source);
  _oli_profile_init();
  _oli_pmu_init();
  _oli_profile_check_counts();
}

void _oli_process_init(void) {
  if (oli_likely(atomic_load_explicit(&_oli_init_state, memory_order_acquire) == OLI_INIT_DONE)) return;
  if (in_init) return; /* re-entered from inside init on this thread */
  int expected = OLI_INIT_NONE;
  if (atomic_compare_exchange_strong(&_oli_init_state, &expected, OLI_INIT_RUNNING)) {
    in_init = 1;
    do_init();
    in_init = 0;
    atomic_store_explicit(&_oli_init_state, OLI_INIT_DONE, memory_order_release);
    return;
  }
  while (atomic_load_explicit(&_oli_init_state, memory_order_acquire) != OLI_INIT_DONE) sched_yield();
}

/* liboli's constructor: before any module of the program (liboli's
 * dependencies' constructors run first, the program's and its other
 * libraries' after).
 *   1. the start-up directory, for relative file options;
 *   2. whose free() the process calls (interposed or host mode);
 *   3. with liboli preloaded, the unwinder loaded for call-stack sites;
 *   4. the process brought up before main when OLI_POLICY names a
 *      whole-process policy (uniform: every page follows the task policy) or
 *      OLI_REPORT asks for a report (also of a program with no tagged site:
 *      bad OLI_* values stop it here, not at exit) - only a peek otherwise,
 *      so programs that set OLI_* themselves before their first allocation
 *      keep that working;
 *   5. with liboli preloaded, the placed path up, so that the large objects
 *      of a program not built with the plugin get call-stack sites (a
 *      plugin-built one registers its modules next, which turns them off). */
__attribute__((constructor(101))) static void process_start(void) {
  _oli_options_capture_dir();
  _oli_heap_detect();
  _oli_stack_sites_warm_up();
  long v;
  if (!_oli_is_initialized() &&
      ((_oli_option_peek(oli_option_policy, &v) == 0 && oli_policy_whole_process((oli_policy_t)v)) ||
       _oli_option_peek(oli_option_report, &v) == 0))
    _oli_process_init();
  if (_oli_stack_sites_preloaded()) _oli_alloc_ready();
}

/* The one end: what the process leaves behind, in order. */
__attribute__((destructor)) static void process_done(void) {
  _oli_messages_at_exit(); /* a strict stop from here on keeps the program's output */
  _oli_report_fini();  /* the final settle, then OLI_REPORT */
  _oli_report_note_nothing_placed(); /* OLI_VERBOSE=1 */
  _oli_profile_fini(); /* PMU sampling stopped, then OLI_PROFILE */
  _oli_site_plan_fini(); /* the plan statistics line */
}
