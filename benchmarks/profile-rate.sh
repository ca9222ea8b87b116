#!/bin/sh
# benchmarks/profile-rate.sh [BUILD] [KERNELS] [CLASS] [RATES] [LIMITS]
# Does sampling less change the plan? Each kernel is compiled with the plugin and
# profile-every=N for every N in RATES, run once with OLI_PROFILE, and planned
# with `oli plan --min-size 1M --dram-limit L` for every L in LIMITS (a share of
# the profile's placed bytes, e.g. 25%, or a size); each plan is compared with the
# plan of the densest rate (the first N) by `oli diff`: "same" when no placed
# object moved. The overhead of each rate: benchmarks/profile-overhead.sh.
# Defaults: build, "mg cg", W, "64 256 1024 4096", "25% 50% 75%".
# Figures: docs/profile-schema.md, "Overhead".
set -eu
B=$(cd "${1:-build}" && pwd)
KERNELS=${2:-"mg cg"}
CLASS=${3:-W}
RATES=${4:-"64 256 1024 4096"}
LIMITS=${5:-"25% 50% 75%"}
SRC=$(cd "$(dirname "$0")" && pwd)/kernels
OLI=$B/bin/oli
T=$(mktemp -d /tmp/oli-prof-rate.XXXXXX)
trap 'rm -rf "$T"' EXIT
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}
printf '%-6s %-5s %6s %10s %10s  %s\n' kernel class every accesses placed "plan vs the first rate, per DRAM limit"
for k in $KERNELS; do
  first=""
  for n in $RATES; do
    OLI_PASS_OPTIONS="root=$SRC;profile-every=$n" clang-19 -O2 -fopenmp -gline-tables-only \
      -fpass-plugin="$B/lib/OliPass.so" -I"$SRC/common" "$SRC/$k/$k.c" -o "$T/$k-$n" \
      -L"$B/lib" -loli -Wl,-rpath,"$B/lib" -lm
    OLI_PROFILE="$T/$k-$n.json" "$T/$k-$n" "$CLASS" >/dev/null 2>&1
    read -r samples placed <<EOT
$(python3 -c "
import json, sys
p = json.load(open(sys.argv[1]))
print(sum(int(s.get('accesses') or 0) for s in p['sites']),
      sum(int(s.get('peak_live') or 0) for s in p['sites'] if int(s.get('largest') or 0) >= 1 << 20))
" "$T/$k-$n.json")
EOT
    out=""
    for l in $LIMITS; do
      case $l in
        *%) lim=$(( placed * ${l%\%} / 100 )) ;;
        *) lim=$l ;;
      esac
      "$OLI" plan "$T/$k-$n.json" --min-size 1M --dram-limit "$lim" -o "$T/$k-$n-$l.plan" >/dev/null 2>&1
      if [ -z "$first" ]; then
        out="$out $l:reference"
      elif "$OLI" diff --moved-only "$T/$k-$first-$l.plan" "$T/$k-$n-$l.plan" >"$T/diff" 2>&1; then
        out="$out $l:same"
      else
        out="$out $l:MOVED($(grep -c -i moved "$T/diff") sites)"
      fi
    done
    [ -n "$first" ] || first=$n
    printf '%-6s %-5s %6s %10s %10s %s\n' "$k" "$CLASS" "$n" "$samples" "$placed" "$out"
  done
done
