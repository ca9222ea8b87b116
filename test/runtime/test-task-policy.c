/* test-task-policy: OLI_POLICY=uniform's whole-process policy (runtime/policy/taskpolicy.c):
 * which mode and ratio each kernel and weight combination gets, that the
 * kernel really holds the policy after apply (get_mempolicy), and that a
 * refused set_mempolicy leaves the default policy with a counted warning.
 * Real placement on a CXL node is asserted in the NUMA lab (numa-lab/6.12). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "internal.h"
#include "testhelper.h"

static int kernel_mode(void) {
  int mode = -1;
  unsigned long mask[OLI_MAX_NODES / 64] = {0};
  if (syscall(SYS_get_mempolicy, &mode, mask, OLI_MAX_NODES + 1, NULL, 0) != 0) return -1;
  return mode;
}

static int weighted_interleave_available(void) {
  unsigned long mask[OLI_MAX_NODES / 64] = {1};
  if (syscall(SYS_set_mempolicy, 6, mask, OLI_MAX_NODES + 1) != 0) return 0;
  syscall(SYS_set_mempolicy, 0, NULL, 0);
  return 1;
}

int main(void) {
  oli_topology_t t;
  memset(&t, 0, sizeof t);
  t.num_nodes = 3;
  t.local_node = 0;
  t.cxl_node = 2;
  t.remote_node = 1;
  oli_task_policy_t p;

  uint32_t w11[OLI_MAX_TARGETS] = {1, 1, 0}, w41[OLI_MAX_TARGETS] = {4, 1, 0}, w412[OLI_MAX_TARGETS] = {4, 1, 2};

  _oli_task_policy_choose(&t, w11, &p);
  CHECK("1:1: MPOL_INTERLEAVE on any kernel", p.mode == OLI_TASK_POLICY_INTERLEAVE && p.exact);
  CHECK("1:1: nodes local, CXL", p.nnodes == 2 && p.node[0] == 0 && p.node[1] == 2);

  _oli_task_policy_choose(&t, w41, &p);
  CHECK("4:1 without weighted interleave (6.1): interleave 1:1, not exact",
        p.mode == OLI_TASK_POLICY_INTERLEAVE && !p.exact && p.weight[0] == 1 && p.weight[1] == 1);
  CHECK("4:1: the wanted ratio is kept for the warning", p.want[0] == 4 && p.want[1] == 1);

  t.kernel_wi = 1;
  t.kernel_weights[0] = 8;
  t.kernel_weights[2] = 2;
  _oli_task_policy_choose(&t, w41, &p);
  CHECK("4:1, kernel weights 8:2: weighted interleave, exact",
        p.mode == OLI_TASK_POLICY_WEIGHTED_INTERLEAVE && p.exact && p.weight[0] == 8 && p.weight[1] == 2);

  t.kernel_weights[0] = 0; /* unset: the kernel's default 1 */
  t.kernel_weights[2] = 1;
  _oli_task_policy_choose(&t, w41, &p);
  CHECK("4:1, kernel weights 1:1: weighted interleave at 1:1, not exact",
        p.mode == OLI_TASK_POLICY_WEIGHTED_INTERLEAVE && !p.exact && p.weight[0] == 1 && p.weight[1] == 1);

  t.kernel_weights[0] = 4;
  t.kernel_weights[1] = 2;
  _oli_task_policy_choose(&t, w412, &p);
  CHECK("4:1:2 with a remote node: three targets, exact",
        p.nnodes == 3 && p.node[2] == 1 && p.mode == OLI_TASK_POLICY_WEIGHTED_INTERLEAVE && p.exact);
  t.remote_node = -1;
  _oli_task_policy_choose(&t, w412, &p);
  CHECK("4:1:2 without a remote node: two targets", p.nnodes == 2);

  t.cxl_node = -1;
  _oli_task_policy_choose(&t, w41, &p);
  CHECK("no CXL node: no task policy", p.mode == OLI_TASK_POLICY_NONE);

  /* apply, on this machine's node 0 (every machine has it): the kernel holds it. */
  oli_topology_t one;
  memset(&one, 0, sizeof one);
  one.num_nodes = 1;
  one.local_node = 0;
  one.cxl_node = 0;
  one.remote_node = -1;
  _oli_task_policy_apply(&one, w11, "user");
  CHECK("apply 1:1: mode interleave", _oli_task_policy()->mode == OLI_TASK_POLICY_INTERLEAVE);
  CHECK_EQ("apply 1:1: the kernel's task policy is MPOL_INTERLEAVE", kernel_mode(), 3);
  if (weighted_interleave_available()) {
    one.kernel_wi = 1;
    one.kernel_weights[0] = 1;
    uint32_t w21[OLI_MAX_TARGETS] = {2, 1, 0}; /* nodes {0, 0}: 1:1 there, a warning says so */
    _oli_task_policy_apply(&one, w21, "hmat");
    CHECK_EQ("apply 4:1: the kernel's task policy is MPOL_WEIGHTED_INTERLEAVE", kernel_mode(), 6);
  } else {
    fprintf(stderr, "note: kernel without MPOL_WEIGHTED_INTERLEAVE: weighted apply not checked\n");
  }

  /* A node the kernel does not have: refused, default policy, counted. */
  syscall(SYS_set_mempolicy, 0, NULL, 0);
  one.kernel_wi = 0;
  one.local_node = one.cxl_node = 63; /* a mask of only offline nodes: EINVAL */
  errno = 1234;
  uint64_t before = _oli_warning_count(W_MBIND);
  _oli_task_policy_apply(&one, w11, "user");
  CHECK("refused: mode failed", _oli_task_policy()->mode == OLI_TASK_POLICY_FAILED);
  CHECK_EQ("refused: one mbind warning counted", _oli_warning_count(W_MBIND), before + 1);
  CHECK_EQ("refused: errno kept", errno, 1234);
  CHECK_EQ("refused: the task keeps MPOL_DEFAULT", kernel_mode(), 0);

  /* The constructor's look at OLI_POLICY: parsed, not cached, never fatal. */
  long v = -1;
  setenv("OLI_POLICY", " uniform ", 1);
  CHECK("peek: uniform", _oli_option_peek(oli_option_policy, &v) == 0 && v == OLI_POLICY_UNIFORM);
  setenv("OLI_POLICY", "unifrom", 1);
  CHECK("peek: a bad value is -1, not an exit", _oli_option_peek(oli_option_policy, &v) == -1);
  unsetenv("OLI_POLICY");
  CHECK("peek: unset is -1", _oli_option_peek(oli_option_policy, &v) == -1);
  setenv("OLI_POLICY", "dram", 1);
  CHECK_EQ("peek cached nothing: the first real read sees dram", _oli_option_get(oli_option_policy), OLI_POLICY_DRAM);

  CHECK_STR("mode names", oli_task_policy_mode_name(OLI_TASK_POLICY_WEIGHTED_INTERLEAVE), "weighted-interleave");
  return TEST_SUMMARY();
}
