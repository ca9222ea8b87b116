# shellcheck shell=dash
# NUMA lab suite "gate": the README's CI gate on the real guest kernel. The
# multi-file kernel of test/e2e/ci, built on the host with its golden plan
# embedded (test/numa-lab/mkgate.sh: a plan made by `oli plan --min-size 1M` from a
# profile of the unchanged kernel), runs here and writes its report; the guest's
# own `oli diff GOLDEN REPORT` compares them.
#   gate-unchanged   /lab/lab_gate_k on CPU 0: the unchanged kernel
#   gate-edited      /lab/lab_gate_k_edit on CPU 1: built from a kernel.h whose
#                    scratch vector (main.c:10) grew from 256 KiB to 4 MiB
#   OLI-LAB gate run=R diff_status=N   oli diff's exit status; its output as
#                    OLI-LAB-DIFF R: lines; the golden plan as OLI-LAB-JSON golden
# check.py --suite gate asserts on them.

# runs NAME CPU BINARY: the kernel pinned to CPU, report /tmp/NAME.json
runs() {
  name=$1 cpu=$2 bin=$3
  rm -f "/tmp/$name.json"
  taskset -c "$cpu" env OLI_REPORT="/tmp/$name.json" OLI_REPORT_FORMAT=json "$bin" \
    >"/tmp/$name.log" 2>"/tmp/$name.err"
  echo "$?" > "/tmp/$name.rc"
  echo "OLI-LAB gate-run run=$name stdout=$(tr ' ' '_' < "/tmp/$name.log" | head -n 1)" > "/tmp/$name.out"
}
. /lab/runlib.sh

echo "OLI-LAB-JSON-BEGIN golden"
cat /lab/golden.json
echo
echo "OLI-LAB-JSON-END golden"
runs gate-unchanged 0 /lab/lab_gate_k &
runs gate-edited 1 /lab/lab_gate_k_edit &
wait
for r in gate-unchanged gate-edited; do
  show "$r"
  /lab/oli diff /lab/golden.json "/tmp/$r.json" > "/tmp/$r.diff" 2>&1
  echo "OLI-LAB gate run=$r diff_status=$?"
  sed "s/^/OLI-LAB-DIFF $r: /" "/tmp/$r.diff" | head -n 40
done
echo "OLI-LAB dmesg oom_kills=$(dmesg | grep -c -i 'killed process')"
