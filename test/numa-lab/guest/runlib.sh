# shellcheck shell=dash
# NUMA lab guest helpers for suites (sourced as /lab/runlib.sh).
#   run NAME CPU [VAR=VALUE...]  run $prog NAME pinned to CPU with the environment,
#                                OLI_REPORT=/tmp/NAME.json (JSON); keep its output
#   show NAME                    print what the run left: its OLI-LAB lines, its exit
#                                status, its stderr (OLI-LAB-STDERR NAME: ...) and the
#                                report between OLI-LAB-JSON-BEGIN/END NAME
#   mpi_runs                     when /lab/lab_mpiobjects is there: two MPI ranks, one
#                                per socket (MPICH's mpiexec -n 2 -bind-to core), reports
#                                /tmp/mpi%r.json; prints "OLI-LAB mpi present=1", then
#                                shows the runs mpi0 and mpi1
prog=${prog:-/lab/lab_objects}
run() {
  name=$1 cpu=$2; shift 2
  rm -f "/tmp/$name.json"
  taskset -c "$cpu" env OLI_REPORT="/tmp/$name.json" OLI_REPORT_FORMAT=json "$@" \
    "$prog" "$name" >"/tmp/$name.out" 2>"/tmp/$name.err"
  echo "$?" > "/tmp/$name.rc"
}
show() {
  name=$1
  echo "OLI-LAB time run=$name uptime=$(cut -d' ' -f1 /proc/uptime)"
  cat "/tmp/$name.out"
  echo "OLI-LAB run name=$name status=$(cat "/tmp/$name.rc")"
  sed "s/^/OLI-LAB-STDERR $name: /" "/tmp/$name.err" | head -n 20
  if [ -s "/tmp/$name.json" ]; then
    echo "OLI-LAB-JSON-BEGIN $name"
    cat "/tmp/$name.json"
    echo
    echo "OLI-LAB-JSON-END $name"
  fi
}
mpi_runs() {
  [ -x /lab/lab_mpiobjects ] || return 0
  echo "OLI-LAB mpi present=1"
  ip link set lo up; hostname lab; echo "127.0.0.1 localhost lab" > /etc/hosts
  mkdir -p /dev/shm && mount -t tmpfs tmpfs /dev/shm
  rm -f /tmp/mpi0.json /tmp/mpi1.json
  OLI_REPORT=/tmp/mpi%r.json OLI_REPORT_FORMAT=json timeout 150 mpiexec -n 2 -bind-to core \
    /lab/lab_mpiobjects > /tmp/mpi.out 2> /tmp/mpi.err
  rc=$?
  for r in 0 1; do
    echo "$rc" > /tmp/mpi$r.rc
    grep "run=mpi$r " /tmp/mpi.out > /tmp/mpi$r.out
    grep -v "run=mpi" /tmp/mpi.err > /tmp/mpi$r.err
    show mpi$r
  done
}
