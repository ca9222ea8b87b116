# shellcheck shell=dash
# NUMA lab suite "baselines": OLI_POLICY=uniform against numactl on the same
# kernel (check.py --suite baselines). Every run goes through bench-numa-run,
# which writes the bytes per node of the whole process at its exit (numa_maps):
#   wi          plain bench-xs under --weighted-interleave=0,2 (numactl -w; Debian 12's
#               numactl 2.0.16 has no such option, bench-numa-run sets the policy)
#   uniform     bench-xs-oli (plugin + liboli), OLI_POLICY=uniform
#   uniform-rt  bench-xs-rt (liboli only, nothing tagged), OLI_POLICY=uniform
#   il          plain bench-xs under numactl --interleave=0,2
#   uniform11   bench-xs-oli, OLI_POLICY=uniform OLI_WEIGHTS=1:1
#   dram        bench-xs-oli, OLI_POLICY=dram (nothing on node 2)
# The kernel's weighted-interleave weights are set to the lab's HMAT ratio (4:1,
# the runtime's default weights here). Transparent huge pages are off: with them
# the kernel interleaves whole 2 MiB folios, and a 10 MB program's share on CXL is
# a matter of which few folios land where.
echo never > /sys/kernel/mm/transparent_hugepage/enabled
wi=/sys/kernel/mm/mempolicy/weighted_interleave
if [ -d $wi ]; then
  echo 4 > $wi/node0; echo 1 > $wi/node2
  echo "OLI-LAB wi present=1 node0=$(cat $wi/node0) node2=$(cat $wi/node2)"
else
  echo "OLI-LAB wi present=0"
fi
json() { # NAME FILE: a JSON document between the markers
  if [ -s "$2" ]; then echo "OLI-LAB-JSON-BEGIN $1"; cat "$2"; echo; echo "OLI-LAB-JSON-END $1"; fi
}
base() { # NAME [VAR=VALUE...] -- COMMAND...: one run on CPU 0
  name=$1; shift
  envs=""
  while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
  shift
  rm -f "/tmp/$name.numa" "/tmp/$name.rep"
  # shellcheck disable=SC2086 # envs are VAR=VALUE words
  taskset -c 0 env OMP_NUM_THREADS=1 OLI_REPORT="/tmp/$name.rep" OLI_REPORT_FORMAT=json $envs \
    /lab/bench-numa-run --out "/tmp/$name.numa" "$@" > "/tmp/$name.out" 2> "/tmp/$name.err"
  rc=$?
  echo "OLI-LAB baseline name=$name status=$rc verified=$(grep -c 'VERIFICATION SUCCESSFUL' "/tmp/$name.out")"
  sed "s/^/OLI-LAB-STDERR $name: /" "/tmp/$name.err" | head -n 20
  json "numa-$name" "/tmp/$name.numa"
  json "report-$name" "/tmp/$name.rep"
}
base wi -- --weighted-interleave=0,2 -- /lab/bench-xs S
base uniform OLI_POLICY=uniform -- -- /lab/bench-xs-oli S
base uniform-rt OLI_POLICY=uniform -- -- /lab/bench-xs-rt S
base il -- -- /lab/numactl --interleave=0,2 /lab/bench-xs S
base uniform11 OLI_POLICY=uniform OLI_WEIGHTS=1:1 -- -- /lab/bench-xs-oli S
base dram OLI_POLICY=dram -- -- /lab/bench-xs-oli S
echo "OLI-LAB dmesg oom_kills=$(dmesg | grep -c -i 'killed process')"
