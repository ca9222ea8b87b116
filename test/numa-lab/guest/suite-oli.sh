# shellcheck shell=dash
# NUMA lab suite "oli": the runtime and the plugin on the real guest kernel.
# /lab/lab_objects is compiled with the oli pass and linked with liboli.so.
# For each run: the program's own lines (OLI-LAB obj ..., the kernel's page counts),
# its exit status, its stderr (OLI-LAB-STDERR), and the runtime's JSON report
# between OLI-LAB-JSON-BEGIN/END RUN. check.py asserts on them.

# shellcheck disable=SC2034 # used by runlib.sh
prog=/lab/lab_objects
. /lab/runlib.sh

# 1, 2: default policy on socket 0; 2: a different default ratio (OLI_WEIGHTS)
run oli 0 OLI_POLICY=oli; show oli
run weights11 0 OLI_WEIGHTS=1:1; show weights11
# 2 (6.12): two ratios at once, from a plan
if [ -f /lab/two-ratios.plan ]; then
  run plan 0 OLI_PLAN=/lab/two-ratios.plan; show plan
fi
# 2: Fortran (flang-new-19 + plugin): module ALLOCATE arrays and a COMMON block
if [ -x /lab/lab_fobjects ]; then
  echo "OLI-LAB fortran present=1"
  prog=/lab/lab_fobjects
  run fortran 0 OLI_POLICY=oli; show fortran
  run fortran-cxl 0 OLI_POLICY=cxl; show fortran-cxl
  prog=/lab/lab_objects
fi
# 2: host mode: a plugin-built library in a host not linked with liboli
if [ -x /lab/lab_hostlib ]; then
  prog=/lab/lab_hostlib
  run hostlib 0; show hostlib
  prog=/lab/lab_objects
fi
# 3: the per-socket rule: pinned to CPU 1; then two processes, one per socket, at once
run cpu1 1; show cpu1
run pair0 0 & run pair1 1 & wait
show pair0; show pair1
# 3: two MPI ranks, one per socket (MPICH's mpiexec binds them), when MPICH is there
mpi_runs
# 4: DRAM budget smaller than the footprint
run budget 0 OLI_DRAM_LIMIT=40M; show budget
# 5: the fixed policies
for p in uniform dram cxl off rdram; do run $p 0 OLI_POLICY=$p; show $p; done
# 6: node 2 full before the program runs. Persistent 2 MiB huge pages reserved on
# node 2 take most of its memory at once (the kernel does not zero them until they
# are mapped; a user fill of 1 GiB takes ~20 s under TCG), lab_fill the rest.
hp=/sys/devices/system/node/node2/hugepages/hugepages-2048kB/nr_hugepages
echo 100000 > $hp
held=$(cat $hp)
rm -f /tmp/fill.ready
/lab/lab_fill 2 /tmp/fill.ready > /tmp/fill.out 2>&1 &
filler=$!
for _ in $(seq 1 300); do [ -f /tmp/fill.ready ] && break; sleep 0.1; done
cat /tmp/fill.out
free_kb=$(sed -n 's/.*MemFree: *\([0-9]*\) kB/\1/p' /sys/devices/system/node/node2/meminfo)
echo "OLI-LAB fill node=2 held_mb=$((held * 2)) free_kb=$free_kb"
run full 0 OLI_POLICY=cxl; show full
if [ "$(cat $hp)" = "$held" ] && kill -0 $filler 2>/dev/null; then
  echo "OLI-LAB fill alive=1"
else
  echo "OLI-LAB fill alive=0"
fi
kill $filler; wait $filler 2>/dev/null
echo 0 > $hp
# 6: a bad environment value
run badenv 0 OLI_POLICY=unifrom; show badenv
# 6: strict overcommit (vm.overcommit_memory=2, CommitLimit a third of the RAM): the
# runtime's own tables are charged only as they are used, so objects are placed as
# before; an object beyond CommitLimit fails with NULL/ENOMEM as glibc's does
# (test_commit: runtime/test-commit); then the default policy again
echo 33 > /proc/sys/vm/overcommit_ratio
echo 2 > /proc/sys/vm/overcommit_memory
echo "OLI-LAB commit mode=$(cat /proc/sys/vm/overcommit_memory) $(awk '/^CommitLimit|^Committed_AS/ {printf "%s=%s ", substr($1, 1, length($1) - 1), $2}' /proc/meminfo)"
run strict 0 OLI_POLICY=oli; show strict
if [ -x /lab/test_commit ]; then
  /lab/test_commit >/tmp/commit.out 2>&1
  echo "OLI-LAB commit test_status=$?"
  sed 's/^/OLI-LAB-STDERR commit: /' /tmp/commit.out
fi
echo 0 > /proc/sys/vm/overcommit_memory
echo 50 > /proc/sys/vm/overcommit_ratio
echo "OLI-LAB dmesg oom_kills=$(dmesg | grep -c -i 'killed process')"
