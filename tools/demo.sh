#!/usr/bin/env bash
# The README's main job (tools/dev.sh demo calls this after the build):
#   1. compile the bundled CG kernel with the oli plugin, as a user would;
#   2. list its tagged allocation sites from the binary (no run needed);
#   3. run it with placement and print the placement report;
#   4. on a single-NUMA-node host, run the same binary in the NUMA lab VM
#      (two sockets + a CPU-less CXL-like node) to show real page placement.
# Usage: tools/demo.sh BUILD_DIR [CLASS]   (OLI_DEMO_LAB=0 skips step 4)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: tools/demo.sh BUILD_DIR [CLASS]}
class=${2:-W}
out=$build/demo
mkdir -p "$out"
config=$build/bin/oli-config
oli=$build/bin/oli

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }

step "1. compile benchmarks/kernels/cg/cg.c with the oli plugin"
# shellcheck disable=SC2046
run clang-19 -O2 -fopenmp $("$config" --cflags) -I "$here/benchmarks/kernels/common" \
  "$here/benchmarks/kernels/cg/cg.c" -o "$out/cg" -lm $("$config" --static-libs)

step "2. the sites the plugin tagged (read from the binary's oli_sites section)"
run "$oli" sites "$out/cg"

step "3. run it (class $class, policy oli) with the placement report"
nodes=$(ls -d /sys/devices/system/node/node[0-9]* 2>/dev/null | wc -l)
echo "this machine has $nodes NUMA node(s)"
run env OLI_REPORT="$out/report.json" OMP_NUM_THREADS=2 "$out/cg" "$class"
run "$oli" report "$out/report.json"

if [ "$nodes" -le 1 ] && [ "${OLI_DEMO_LAB:-1}" != 0 ]; then
  step "4. the same binary in the NUMA lab: 2 sockets + CXL-like node 2 (QEMU under TCG, 1-2 min)"
  set +e
  OLI_BUILD_DIR=$build "$here/test/numa-lab/run-demo.sh" --out "$out/lab" "$out/cg" OMP_NUM_THREADS=1 -- "$class"
  rc=$?
  set -e
  case $rc in
    0) echo "lab console and report: $out/lab" ;;
    77) echo "oli: the NUMA lab cannot start QEMU here; skipped (see docs/numa-lab.md)" ;;
    *) echo "oli: the NUMA lab run failed (exit $rc); console log in $out/lab" >&2; exit "$rc" ;;
  esac
fi
