# shellcheck shell=dash
# NUMA lab guest helpers for suites (sourced as /lab/runlib.sh).
#   run NAME CPU [VAR=VALUE...]  run $prog NAME pinned to CPU with the environment,
#                                OLI_REPORT=/tmp/NAME.json (JSON); keep its output
#   show NAME                    print what the run left: its OLI-LAB lines, its exit
#                                status, its stderr (OLI-LAB-STDERR NAME: ...) and the
#                                report between OLI-LAB-JSON-BEGIN/END NAME
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
