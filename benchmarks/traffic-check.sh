#!/bin/sh
# benchmarks/traffic-check.sh [BUILD] [KERNELS] [CLASS] [CACHE] [EVERY]
# The planner's traffic model against a simulated cache: for each kernel, the
# bytes `oli plan` says the run moves between memory and the CPU (the plan's
# model.traffic_bytes: what its cache model lets through of the profile's
# accesses, all objects on DRAM) against what cachegrind counts for the same
# program with a last-level cache of CACHE bytes (its data misses, reads and
# write-allocates, x 64 bytes). One thread, the whole run (set-up included,
# BENCH_PROFILE_TIMED unset), the machine file's cache_bytes set to CACHE.
# Memory time follows from traffic; this checks the traffic alone, free of the
# timing noise of a shared machine (benchmarks/model-check.sh checks time).
# cachegrind models an inclusive LRU hierarchy with the host's first-level
# caches and no prefetch: a miss it counts is a line the kernel's accesses
# need from beyond CACHE bytes, which is what the planner's traffic counts.
# Prints a markdown table (docs/benchmarks.md, "Traffic against a simulated
# cache") and progress on stderr. Defaults: build, "triad cg mg ft is xs", W,
# 4194304 (4 MiB: about what `oli calibrate` measures serving one thread
# here; a power of two, as cachegrind needs), 1021. Needs valgrind; about
# 5 minutes at W (cachegrind runs a kernel 20-80x slower).
# KEEP=DIR copies the profiles and plans there.
set -eu
B=$(cd "${1:-build}" && pwd)
KERNELS=${2:-"triad cg mg ft is xs"}
CLASS=${3:-W}
CACHE=${4:-4194304}
EVERY=${5:-1021}
SRC=$(cd "$(dirname "$0")" && pwd)/kernels
. "$(dirname "$0")/kernel-prof.sh"
OLI=$B/bin/oli
say() { echo "traffic-check: $*" >&2; }
command -v valgrind >/dev/null || { say "valgrind not found (install-deps.sh installs it)"; exit 1; }
case $CACHE in *[!0-9]* | "") say "CACHE '$CACHE' is not a number of bytes"; exit 2 ;; esac
T=$(mktemp -d /tmp/oli-traffic-check.XXXXXX)
trap 'rm -rf "$T"' EXIT
# the traffic does not depend on the tiers' figures: a machine file for its cache size
cat >"$T/machine.json" <<EOF
{"schema": "oli-machine", "version": 1, "host": "traffic-check", "cache_bytes": $CACHE, "measurements": [
 {"from": 0, "to": 0, "kind": "dram", "read_bandwidth": 20000, "threads": 1, "idle_latency": 100, "loaded_latency": 130}]}
EOF
echo "| kernel | class | predicted GB | simulated GB (cachegrind, $CACHE-byte LL) | predicted / simulated |"
echo "|---|---|---|---|---|"
for k in $KERNELS; do
  [ -x "$B/bench/bench-$k" ] || { say "$B/bench/bench-$k not built: skipped"; continue; }
  prof_kernel "$k" "$T/$k-prof"
  say "$k class $CLASS: profile run"
  OLI_PROFILE="$T/$k.json" OLI_PROFILE_SOURCE=portable OLI_MIN_SIZE=64K OLI_POLICY=dram OMP_NUM_THREADS=1 \
    "$T/$k-prof" "$CLASS" >/dev/null 2>"$T/err" || { cat "$T/err" >&2; say "$k: profile run failed"; exit 1; }
  "$OLI" plan "$T/$k.json" --machine "$T/machine.json" --threads 1 --dram-limit 0 --min-size 1 \
    -o "$T/$k.plan.json" 2>"$T/err" || { cat "$T/err" >&2; exit 1; }
  say "$k class $CLASS: cachegrind (a few minutes at most)"
  # without its debug info: valgrind 3.19 gives up on some of clang 19's DWARF 5 (bench-xs)
  objcopy --strip-debug "$B/bench/bench-$k" "$T/bench-$k"
  OMP_NUM_THREADS=1 valgrind --tool=cachegrind --cache-sim=yes --LL="$CACHE,16,64" \
    --cachegrind-out-file=/dev/null "$T/bench-$k" "$CLASS" >/dev/null 2>"$T/cg" ||
    { tail -5 "$T/cg" >&2; say "$k: cachegrind failed"; exit 1; }
  sim=$(awk '/LLd misses:/ {gsub(",", "", $4); print $4 * 64}' "$T/cg")
  [ -n "$sim" ] || { tail -5 "$T/cg" >&2; say "$k: no LLd misses line"; exit 1; }
  pred=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["model"]["traffic_bytes"])' "$T/$k.plan.json")
  echo "$k $CLASS $pred $sim" | awk '{printf "| %s | %s | %.2f | %.2f | %.2f |\n", $1, $2, $3 / 1e9, $4 / 1e9, ($4 > 0 ? $3 / $4 : 0)}'
  if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$T/$k.json" "$T/$k.plan.json" "$KEEP/"; fi
done
