# shellcheck shell=dash
# NUMA lab suite "probe": the guest kernel's view and raw mempolicy behaviour.
/lab/probe
echo "OLI-LAB probe.exit status=$?"
