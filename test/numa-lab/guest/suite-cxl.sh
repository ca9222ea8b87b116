# shellcheck shell=dash
# NUMA lab suite "cxl" (stretch of issue 4): a CPU-less node that arrives through
# the kernel's real CXL stack, then the oli runtime on it with no hints.
# Machine: topologies/two-socket-cxl-type3.args (kernel argument pci=nomsi).
# /lab/modules: the cxl/nvdimm/dax modules in load order (modset.py);
# /lab/cxl, ndctl, daxctl: Debian's tools with their shared libraries.

step() { # NAME COMMAND...: run, print "OLI-LAB cxl step=NAME ok=0|1", keep output
  n=$1; shift
  "$@" > /tmp/step-$n.out 2>&1
  rc=$?
  echo "OLI-LAB cxl step=$n ok=$([ $rc -eq 0 ] && echo 1 || echo 0) status=$rc"
  [ $rc -eq 0 ] || sed "s/^/OLI-LAB-STDERR cxl-$n: /" /tmp/step-$n.out | head -n 20
  return $rc
}
load_modules() {
  for m in $(cat /lab/modules/order); do insmod /lab/modules/$m || return 1; done
}
# daxctl refuses while the kernel would auto-online the blocks; it onlines them.
online_offline() { echo offline > /sys/devices/system/memory/auto_online_blocks; }

step modules load_modules &&
step memdev sh -c 'cxl list -M | grep -q "\"memdev\":\"mem0\""' &&
step region cxl create-region -m -d decoder0.0 -w 1 -t pmem mem0 &&
step namespace ndctl create-namespace -m devdax -r region0 &&
step policy online_offline &&
step system_ram daxctl reconfigure-device --mode=system-ram dax0.0
echo "OLI-LAB time run=setup uptime=$(cut -d' ' -f1 /proc/uptime)"

for n in /sys/devices/system/node/node[0-9]*; do
  id=${n##*node}
  mem=$(sed -n 's/.*MemTotal: *\([0-9]*\) kB/\1/p' $n/meminfo)
  cpus=$(cat $n/cpulist); [ -n "$cpus" ] || cpus=-
  echo "OLI-LAB cxl.node node=$id cpus=$cpus mem_kb=$mem"
done
for t in /sys/devices/virtual/memory_tiering/memory_tier*; do
  [ -d "$t" ] && echo "OLI-LAB cxl.tiers tier=${t##*memory_tier} nodes=$(cat $t/nodelist)"
done

# shellcheck disable=SC2034 # used by runlib.sh
prog=/lab/lab_cxlobjects
. /lab/runlib.sh
run oli 0; show oli
run weights31 0 OLI_WEIGHTS=3:1; show weights31
run cxl 0 OLI_POLICY=cxl; show cxl
run cpu1 1; show cpu1
echo "OLI-LAB dmesg oom_kills=$(dmesg | grep -c -i 'killed process')"
