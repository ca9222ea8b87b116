# shellcheck shell=dash
# NUMA lab suite "placement" (issue 11): the 10% rule of the whole footprint,
# re-decision and migration, fine striping, on the real guest kernel.
#   stripe        /lab/lab_stripe: one 800 MiB object, interleaved (4:1: page runs), every page's node
#   stripe11      the same, 801 MiB at OLI_WEIGHTS=1:1 (MPOL_INTERLEAVE body, page-run tail)
#   rule-K, rule-K-fp   a stand-in kernel (sp, fsp, fxs, xs at class S, 2 steps) under
#                 OLI_POLICY=oli, without (CPU 0) and with OLI_FOOTPRINT (CPU 1) at once: its report (final
#                 decisions, pages per node) and "OLI-LAB verify run=R ok=1" when the
#                 kernel printed VERIFICATION SUCCESSFUL
#   budget-sxs, budget-snpb   the multi-file stand-ins of test/e2e/summary (XSBench-like
#                 C, NPB-like Fortran) under OLI_POLICY=oli and a DRAM budget of about 60%
#                 of their footprint, no profile: gathered grids on local DRAM, streamed
#                 arrays interleaved, written-once arrays on CXL
#   pre-K         sp (gcc) and fsp (gfortran) built without the plugin, under
#                 LD_PRELOAD=/lab/liboli.so: call-stack sites, decided by the rule, pages
#                 where each decision says
#   migrate       /lab/lab_stripe migrate 64: a 4 MiB object filled while it is the
#                 whole footprint, re-decided with its pages present once a 64 MiB one
#                 exists: migrated (xs's union grid was that object until the static
#                 estimate found its binary search: local DRAM from the start)
# check.py --suite placement asserts on them.

# shellcheck disable=SC2034 # used by runlib.sh
prog=/lab/lab_stripe
. /lab/runlib.sh

echo "OLI-LAB thp enabled=$(sed 's/.*\[\(.*\)\].*/\1/' /sys/kernel/mm/transparent_hugepage/enabled)"
run stripe 0 OLI_POLICY=oli; show stripe
# 801 MiB at 1:1: the kernel's MPOL_INTERLEAVE for the body, page runs for the 1 MiB tail
rm -f /tmp/stripe11.json
taskset -c 0 env OLI_REPORT=/tmp/stripe11.json OLI_REPORT_FORMAT=json OLI_POLICY=oli OLI_WEIGHTS=1:1 \
  "$prog" stripe11 801 1024 >/tmp/stripe11.out 2>/tmp/stripe11.err
echo "$?" > /tmp/stripe11.rc
show stripe11
# re-decision with pages present: `first` (4 MiB, filled while it is the whole
# footprint) is no longer large once the 64 MiB object exists: migrated
rm -f /tmp/migrate.json
taskset -c 0 env OLI_REPORT=/tmp/migrate.json OLI_REPORT_FORMAT=json OLI_POLICY=oli \
  "$prog" migrate 64 >/tmp/migrate.out 2>/tmp/migrate.err
echo "$?" > /tmp/migrate.rc
show migrate

# runk NAME CPU BINARY CLASS [VAR=VALUE...]: a kernel, one thread on CPU.
runk() {
  name=$1 cpu=$2 bin=$3 cls=$4; shift 4
  rm -f "/tmp/$name.json"
  taskset -c "$cpu" env OLI_REPORT="/tmp/$name.json" OLI_REPORT_FORMAT=json OMP_NUM_THREADS=1 \
    OMP_WAIT_POLICY=passive BENCH_STEPS=2 "$@" "$bin" "$cls" >"/tmp/$name.log" 2>"/tmp/$name.err"
  echo "$?" > "/tmp/$name.rc"
  ok=0
  grep -q '^VERIFICATION SUCCESSFUL' "/tmp/$name.log" && ok=1
  echo "OLI-LAB verify run=$name ok=$ok" > "/tmp/$name.out"
}
# The footprint a user gives up front: the kernel's arrays at that class.
# Two steps of sp and fsp are enough: decisions are made at allocation.
for kc in sp:S:44M:1M fsp:S:44M:1M fxs:S:43M:1M xs:S:16M:256K; do
  k=${kc%%:*} rest=${kc#*:} cls=${rest%%:*} rest=${rest#*:} fp=${rest%%:*} min=${rest#*:}
  [ -x "/lab/bench-$k-oli" ] || continue
  echo "OLI-LAB kernel name=$k present=1"
  # one run per socket at once (TCG is slow): without and with OLI_FOOTPRINT
  runk "rule-$k" 0 "/lab/bench-$k-oli" "$cls" OLI_POLICY=oli OLI_MIN_SIZE="$min" &
  runk "rule-$k-fp" 1 "/lab/bench-$k-oli" "$cls" OLI_POLICY=oli OLI_MIN_SIZE="$min" OLI_FOOTPRINT="$fp" &
  wait
  show "rule-$k"; show "rule-$k-fp"
done
# The intensity half under a DRAM budget of about 60% of the footprint, no profile:
# the multi-file stand-ins, decided by their static estimates (joined across files).
# runs NAME CPU BINARY 'ARGS' [VAR=VALUE...]: a stand-in with its arguments.
runs() {
  name=$1 cpu=$2 bin=$3 args=$4; shift 4
  rm -f "/tmp/$name.json"
  # shellcheck disable=SC2086 # ARGS are words
  taskset -c "$cpu" env OLI_REPORT="/tmp/$name.json" OLI_REPORT_FORMAT=json "$@" "$bin" $args \
    >"/tmp/$name.log" 2>"/tmp/$name.err"
  echo "$?" > "/tmp/$name.rc"
  echo "OLI-LAB standin run=$name" > "/tmp/$name.out"
}
# xs: 8 isotopes x 20000 points, 150000 particles, 2 events: nuclide grid 6.1 MiB,
# index grid 4.9 MiB (gathered), concs 9.8 MiB (written once), bank 9.2 MiB
# (streamed), energy grid 1.2 MiB: 31.2 MiB in all; budget 18.7M (60%).
# npb: 4 arrays of 1,000,000 doubles (7.6 MiB each), forcing written once: 30.6
# MiB; budget 18.3M (60%, as the placement check reads it back).
[ -x /lab/lab_sxs ] && runs budget-sxs 0 /lab/lab_sxs "8 20000 150000 2" OLI_POLICY=oli OLI_DRAM_LIMIT=18.7M &
[ -x /lab/lab_snpb ] && runs budget-snpb 1 /lab/lab_snpb "1000000" OLI_POLICY=oli OLI_DRAM_LIMIT=18.3M &
wait
for n in budget-sxs budget-snpb; do [ -f "/tmp/$n.rc" ] && show "$n"; done
# Zero-rebuild mode: the same kernels built by gcc / gfortran without the
# plugin, under LD_PRELOAD=/lab/liboli.so: call-stack sites, the same rule
for k in sp fsp; do
  [ -x "/lab/bench-$k-pre" ] && [ -f /lab/liboli.so ] || continue
  echo "OLI-LAB preload name=$k present=1"
  runk "pre-$k" 0 "/lab/bench-$k-pre" S OLI_POLICY=oli OLI_MIN_SIZE=1M LD_PRELOAD=/lab/liboli.so
  show "pre-$k"
done
echo "OLI-LAB dmesg oom_kills=$(dmesg | grep -c -i 'killed process')"
