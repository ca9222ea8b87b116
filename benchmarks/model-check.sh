#!/bin/sh
# benchmarks/model-check.sh [BUILD] [MACHINE] [KERNELS] [CLASS] [THREADS] [RUNS] [EVERY]
# The planner's model against measured time: for each memory-bound kernel and
# thread count, the all-DRAM memory time `oli plan` predicts (its "predicted"
# "dram", seconds) from a profile of the kernel's timed sections
# (BENCH_PROFILE_TIMED=1: oli_profile_pause/resume around them, bench.h) on the
# machine file MACHINE (oli calibrate -o), against the median over RUNS runs
# of the plain kernel (build/bench/bench-K: no plugin, no liboli) with
# OMP_NUM_THREADS threads of its cpu_s / threads: the timed sections' CPU time
# per thread (OMP_WAIT_POLICY=passive), what the run takes while its threads
# run - on a machine shared with other work its wall time (time_s, also shown)
# adds the time they waited for a CPU, which no memory model predicts.
# Prints a markdown table (docs/benchmarks.md, "The model against measured
# time"): the prediction (the longer of the run's memory time and its core's:
# its cache hits' time plus its compute time), the memory time (the same plan with hits
# made free: the machine file's cache hit at 1 ps and the most MB/s it may
# say, and no op_ps or op_sweep), the hits' time (the plan's model.hit_time)
# and the compute time (model.compute_time: the profile's operations at the
# machine file's op_sweep), the prediction over the measurement, the longest
# of the three over the measurement (the other way to combine them), the
# prediction without the profile's touched spans (every object
# counted whole), and progress on stderr.
# Defaults: build, a fresh `oli calibrate` before each kernel's runs (the
# machine's figures measured under the load the kernel then sees: on a shared
# machine they move several-fold between minutes), "triad cg mg ft is xs", W,
# "1 2", 5, 1021. Each row gives the load average (/proc/loadavg, 1 minute)
# after the kernel's runs.
# CALS=N (default 1; with a fresh calibration only) repeats each kernel's
# calibration and runs N times (one profile), and prints for each kernel and
# thread count the row of the calibration whose predicted / measured is the
# median, its last column every calibration's ratio: on a machine shared with
# other guests one calibration and the runs after it move by tens of percent
# (docs/benchmarks.md, Run AA).
# KEEP=DIR copies the profiles, plans and machine files there (each kernel's
# machine file as K.machine.json) to look at afterwards.
# STUDY="a.json b.json ..." adds a second table: model output only, no
# measurement: each kernel's first profile planned on each of those machine
# files at STUDY_THREADS (default 32) threads, the predicted uniform, oli and
# plan times over the all-DRAM (local DRAM preferred) time, and the plan's
# with a DRAM budget of half the kernel's bytes.
set -eu
B=$(cd "${1:-build}" && pwd)
MACHINE=${2:-}
KERNELS=${3:-"triad cg mg ft is xs"}
CLASS=${4:-W}
THREADS=${5:-"1 2"}
RUNS=${6:-5}
EVERY=${7:-1021}
SRC=$(cd "$(dirname "$0")" && pwd)/kernels
. "$(dirname "$0")/kernel-prof.sh"
OLI=$B/bin/oli
T=$(mktemp -d /tmp/oli-model-check.XXXXXX)
trap 'rm -rf "$T"' EXIT
say() { echo "model-check: $*" >&2; }
calibrate() {
  say "no machine file given: oli calibrate -o $T/machine.json (about a minute)"
  "$OLI" calibrate -o "$T/machine.json" >&2
  MACHINE=$T/machine.json
}
FRESH=
[ -n "$MACHINE" ] || FRESH=1
CALS=${CALS:-1}
case $CALS in '' | *[!0-9]* | 0) echo "model-check: CALS='$CALS' is not a whole number above 0" >&2; exit 2 ;; esac
[ -n "$FRESH" ] || CALS=1
med() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
echo "| kernel | class | threads | predicted all-DRAM s | memory s | cache hits s | compute s | measured: CPU s / threads (median of $RUNS) | predicted / measured | longest of the three / measured | sites touched < 90% | without touched: predicted / measured | wall s (median) | load | predicted / measured, each of $CALS calibration(s) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for k in $KERNELS; do
  [ -x "$B/bench/bench-$k" ] || { say "$B/bench/bench-$k not built: skipped"; continue; }
  prof_kernel "$k" "$T/$k-prof"
  cal=0
  while [ $cal -lt "$CALS" ]; do
    cal=$((cal + 1))
    [ -z "$FRESH" ] || calibrate
    for n in $THREADS; do
      if [ $cal -eq 1 ]; then # one profile for every calibration
        say "$k class $CLASS, $n thread(s): profile run"
        BENCH_PROFILE_TIMED=1 OLI_PROFILE="$T/$k.$n.json" OLI_PROFILE_SOURCE=portable OLI_MIN_SIZE=64K \
          OLI_POLICY=dram OMP_NUM_THREADS=$n "$T/$k-prof" "$CLASS" >/dev/null 2>"$T/err" ||
          { cat "$T/err" >&2; say "$k: profile run failed"; exit 1; }
      fi
      "$OLI" plan "$T/$k.$n.json" --machine "$MACHINE" --threads "$n" --dram-limit 0 --min-size 1 \
        -o "$T/$k.$n.plan.json" 2>"$T/err" || { cat "$T/err" >&2; exit 1; }
      pred=$(python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["predicted"]["dram"])' "$T/$k.$n.plan.json")
      # the same model with the cache hits free, and without the profile's touched spans
      python3 -c 'import json,sys
m = json.load(open(sys.argv[1])); m["cache_gather_ps"] = 1; m["cache_chase_ps"] = 1; m["cache_read_bandwidth"] = 4294967295
m.pop("op_ps", None); m.pop("op_sweep", None)
for h in m.get("cache_gathers", []): h["gather_ps"] = 1
json.dump(m, open(sys.argv[2], "w"))' "$MACHINE" "$T/nohits.json"
      python3 -c 'import json,sys
p = json.load(open(sys.argv[1]))
for s in p["sites"]: s.pop("touched", None)
json.dump(p, open(sys.argv[2], "w"))' "$T/$k.$n.json" "$T/$k.$n.whole.json"
      "$OLI" plan "$T/$k.$n.json" --machine "$T/nohits.json" --threads "$n" --dram-limit 0 --min-size 1 \
        -o "$T/$k.$n.nohits.json" 2>"$T/err" || { cat "$T/err" >&2; exit 1; }
      "$OLI" plan "$T/$k.$n.whole.json" --machine "$MACHINE" --threads "$n" --dram-limit 0 --min-size 1 \
        -o "$T/$k.$n.wplan.json" 2>"$T/err" || { cat "$T/err" >&2; exit 1; }
      mem=$(python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["predicted"]["dram"])' "$T/$k.$n.nohits.json")
      whole=$(python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["predicted"]["dram"])' "$T/$k.$n.wplan.json")
      touched=$(python3 -c 'import json,sys
p = json.load(open(sys.argv[1])); print(sum(1 for s in p["sites"] if "touched" in s and s["touched"] < 0.9 * s["largest"]))' "$T/$k.$n.json")
      : >"$T/t"
      : >"$T/c"
      i=0
      while [ $i -lt "$RUNS" ]; do
        # passive: a thread waiting at a barrier sleeps, so CPU time is work (and its memory stalls)
        OMP_WAIT_POLICY=passive OMP_NUM_THREADS=$n "$B/bench/bench-$k" "$CLASS" 2>/dev/null >"$T/out"
        awk '/^time_s/ {print $2}' "$T/out" >>"$T/t"
        awk -v n="$n" '/^cpu_s/ {print $2 / n}' "$T/out" >>"$T/c"
        i=$((i + 1))
        say "$k, $n thread(s), calibration $cal of $CALS: run $i of $RUNS: $(tail -n 1 "$T/t") s, CPU $(tail -n 1 "$T/c") s per thread"
      done
      wall=$(med <"$T/t")
      cpu=$(med <"$T/c")
      r() { echo "$1 $2" | awk '{printf "%.2f", $1 / $2}'; }
      hits=$(python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["model"]["hit_time"])' "$T/$k.$n.plan.json")
      comp=$(python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["model"]["compute_time"])' "$T/$k.$n.plan.json")
      longest=$(echo "$mem $hits $comp" | awk '{m = $1; if ($2 > m) m = $2; if ($3 > m) m = $3; printf "%.4f", m}')
      if [ -n "${KEEP:-}" ]; then # the first calibration's as K.machine.json, the others' as K.machine.N.json
        mkdir -p "$KEEP"
        sfx=; [ $cal -eq 1 ] || sfx=.$cal
        cp "$T/$k.$n.json" "$KEEP/"
        cp "$T/$k.$n.plan.json" "$KEEP/$k.$n.plan$sfx.json"
        cp "$MACHINE" "$KEEP/$k.machine$sfx.json"
      fi
      echo "$(r "$pred" "$cpu") | $k | $CLASS | $n | $pred | $mem | $hits | $comp | $cpu | $(r "$pred" "$cpu") | $(r "$longest" "$cpu") | $touched | $(r "$whole" "$cpu") | $wall | $(cut -d' ' -f1 /proc/loadavg) |" >>"$T/rows.$k.$n"
    done
  done
  for n in $THREADS; do # the median calibration's row (the lower middle one of an even count), then every ratio
    each=$(cut -d' ' -f1 "$T/rows.$k.$n" | paste -sd' ' - | sed 's/ /, /g')
    sort -g "$T/rows.$k.$n" | sed -n "$(((CALS + 1) / 2))p" | sed 's/^[^|]*| /| /' | sed "s/\$/ $each |/"
  done
done
[ -n "${STUDY:-}" ] || exit 0
ST=${STUDY_THREADS:-32}
echo
echo "| kernel | machine | threads | all-DRAM s | uniform / all-DRAM | oli / all-DRAM | plan / all-DRAM | plan, DRAM = half / all-DRAM |"
echo "|---|---|---|---|---|---|---|---|"
for k in $KERNELS; do
  n=$(echo $THREADS | awk '{print $1}')
  [ -f "$T/$k.$n.json" ] || continue
  half=$(python3 -c 'import json,sys; print(sum(max(s["peak_live"], s["largest"]) for s in json.load(open(sys.argv[1]))["sites"] if s["count"]) // 2)' "$T/$k.$n.json")
  for m in $STUDY; do
    "$OLI" plan "$T/$k.$n.json" --machine "$m" --threads "$ST" --dram-limit 0 --min-size 1 -o "$T/s.json" 2>/dev/null
    "$OLI" plan "$T/$k.$n.json" --machine "$m" --threads "$ST" --dram-limit "$half" --min-size 1 -o "$T/h.json" 2>/dev/null
    python3 - "$T/s.json" "$T/h.json" "$k" "$(basename "$m" .json)" "$ST" <<'PY'
import json, sys
p, h = (json.load(open(f))["predicted"] for f in sys.argv[1:3])
k, m, st = sys.argv[3:6]
d = p["dram"]
print("| %s | %s | %s | %.4f | %.2f | %.2f | %.2f | %.2f |" % (k, m, st, d, p["uniform"] / d, p["oli"] / d, p["plan"] / d, h["plan"] / d))
PY
  done
done
