#!/bin/sh
# benchmarks/profile-overhead.sh [BUILD] [KERNELS] [CLASS] [RUNS] [EVERY]
# Overhead of the portable access profile (issue 5): each kernel compiled with the
# plugin (as bench-K-oli) and again with profile-every=EVERY; runs alternate
# (ABAB...) and the kernel's own time_s is compared: median of RUNS each, ratio
# profiled/plain. The profiled run writes its profile (OLI_PROFILE), as users would.
# Defaults: build, "mg cg", W, 5, 64. Figures: docs/profile-schema.md, "Overhead".
set -eu
B=$(cd "${1:-build}" && pwd)
KERNELS=${2:-"mg cg"}
CLASS=${3:-W}
RUNS=${4:-5}
EVERY=${5:-64}
SRC=$(cd "$(dirname "$0")" && pwd)/kernels
T=$(mktemp -d /tmp/oli-prof-overhead.XXXXXX)
trap 'rm -rf "$T"' EXIT
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}
med() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
printf '%-6s %-5s %5s %12s %12s %7s\n' kernel class every plain_s profiled_s ratio
for k in $KERNELS; do
  for v in plain prof; do
    opts="root=$SRC"
    [ $v = prof ] && opts="$opts;profile-every=$EVERY"
    OLI_PASS_OPTIONS="$opts" clang-19 -O2 -fopenmp -gline-tables-only -fpass-plugin="$B/lib/OliPass.so" \
      -I"$SRC/common" "$SRC/$k/$k.c" -o "$T/$k-$v" -L"$B/lib" -loli -Wl,-rpath,"$B/lib" -lm
  done
  : >"$T/plain.t"; : >"$T/prof.t"
  i=0
  while [ $i -lt "$RUNS" ]; do
    "$T/$k-plain" "$CLASS" 2>/dev/null | awk '/^time_s/ {print $2}' >>"$T/plain.t"
    OLI_PROFILE="$T/$k.profile.json" "$T/$k-prof" "$CLASS" 2>/dev/null | awk '/^time_s/ {print $2}' >>"$T/prof.t"
    i=$((i + 1))
  done
  a=$(med <"$T/plain.t"); b=$(med <"$T/prof.t")
  printf '%-6s %-5s %5s %12s %12s %7.2f\n' "$k" "$CLASS" "$EVERY" "$a" "$b" "$(echo "$b / $a" | bc -l)"
done
