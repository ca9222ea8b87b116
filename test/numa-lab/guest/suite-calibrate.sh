# shellcheck shell=dash
# NUMA lab suite "calibrate": `oli calibrate` measures every node's read
# bandwidth and latency from socket 0 and writes a machine file; lab_objects
# then runs with OLI_MACHINE=that file, and its weights must be the measured
# ratio, not HMAT's 4:1 (under TCG every node has the same emulated speed:
# the figures mean nothing, the pipeline must work). Then a file that is not
# a machine file stops the program with one line and exit status 2.
#   OLI-LAB calibrate status=N         oli calibrate's exit status
#   OLI-LAB-JSON-BEGIN/END machine     the machine file
# check.py --suite calibrate asserts on them.

# shellcheck disable=SC2034 # used by runlib.sh
prog=/lab/lab_objects
. /lab/runlib.sh

taskset -c 0 /lab/oli calibrate --size 16M --repeat 2 -o /tmp/machine.json > /tmp/cal.out 2> /tmp/cal.err
echo "OLI-LAB calibrate status=$?"
sed 's/^/OLI-LAB-STDERR calibrate: /' /tmp/cal.err | head -n 20
sed 's/^/OLI-LAB-TABLE calibrate: /' /tmp/cal.out
if [ -s /tmp/machine.json ]; then
  echo "OLI-LAB-JSON-BEGIN machine"
  cat /tmp/machine.json
  echo
  echo "OLI-LAB-JSON-END machine"
fi
run placed 0 OLI_MACHINE=/tmp/machine.json; show placed
echo '{"schema": "oli-machine", "version": 1, "measurements": []}' > /tmp/empty.json
run badmachine 0 OLI_MACHINE=/tmp/empty.json; show badmachine
echo "OLI-LAB dmesg oom_kills=$(dmesg | grep -c -i 'killed process')"
