#!/bin/sh
# run-corpus.sh BINARY DIR - replay every input of DIR (the checked-in seeds
# and the crash-* regression inputs) through one fuzz target, once each, with
# its sanitizers on. A quick regular test: fails on any crash or report.
set -u
bin=$1 dir=$2
n=$(find "$dir" -type f | wc -l)
[ "$n" -gt 0 ] || { echo "run-corpus: $dir holds no inputs"; exit 2; }
OLI_FUZZ_SCRATCH=$(mktemp -d /dev/shm/oli-fuzz.XXXXXX 2>/dev/null || mktemp -d) || exit 2
export OLI_FUZZ_SCRATCH
trap 'rm -rf "$OLI_FUZZ_SCRATCH"' EXIT
trap 'exit 143' TERM INT HUP
out=$("$bin" -runs=0 "$dir" 2>&1)
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "$out" | tail -n 60
  echo "run-corpus: $(basename "$bin") failed on an input of $dir (exit $rc)"
  exit "$rc"
fi
echo "run-corpus: $(basename "$bin"): $n inputs replayed, no reports"
