# shellcheck shell=dash
# NUMA lab suite "four-node": the oli runtime on topologies/four-node.args, two
# sockets each with its own CPU-less (CXL-like) node (node 2 at socket 0, node 3 at
# socket 1). Prints the guest's view of the nodes, then lab_objects (default policy)
# pinned to CPU 0 and to CPU 1, and two MPI ranks when MPICH is in the guest.
#   four.node   node=N cpus=LIST mem_kb=K bw=MB/s lat=ns initiators=LIST dist=a,b,..
#               (the keys of probe.node; HMAT values from access0/initiators)
#   four.tiers  tier=T nodes=LIST
# check.py --suite four-node asserts on them.

# One sysfs value, or "-" when the file is missing or empty.
val() { v=$(cat "$1" 2>/dev/null); echo "${v:--}"; }

for n in /sys/devices/system/node/node[0-9]*; do
  id=${n##*node}
  mem=$(sed -n 's/.*MemTotal: *\([0-9]*\) kB/\1/p' "$n/meminfo")
  init=
  for i in "$n"/access0/initiators/node[0-9]*; do
    [ -e "$i" ] && init=${init:+$init,}${i##*node}
  done
  echo "OLI-LAB four.node node=$id cpus=$(val "$n/cpulist") mem_kb=$mem" \
    "bw=$(val "$n/access0/initiators/read_bandwidth") lat=$(val "$n/access0/initiators/read_latency")" \
    "initiators=${init:--} dist=$(tr ' ' ',' < "$n/distance")"
done
for t in /sys/devices/virtual/memory_tiering/memory_tier*; do
  [ -d "$t" ] && echo "OLI-LAB four.tiers tier=${t##*memory_tier} nodes=$(cat "$t/nodelist")"
done

# shellcheck disable=SC2034 # used by runlib.sh
prog=/lab/lab_objects
. /lab/runlib.sh
run cpu0 0; show cpu0
run cpu1 1; show cpu1
mpi_runs
echo "OLI-LAB dmesg oom_kills=$(dmesg | grep -c -i 'killed process')"
