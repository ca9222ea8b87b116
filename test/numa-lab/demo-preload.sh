#!/bin/sh
# test/numa-lab/demo-preload.sh BUILD WORK - run-demo.sh with a program not
# linked with liboli (gcc -O1 -g, two call paths to one allocation helper):
# run-demo preloads liboli with libgcc_s's unwinder beside it, so the two
# paths are two call-stack sites, placed by the rule on the lab's nodes, and
# the report's frames name the host's files (CTest numa-lab/demo-preload).
# Exit 77 when QEMU or the lab's kernel cannot be had here.
set -u
B=$1 W=$2
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL numa-lab/demo-preload: $*" >&2; exit 1; }
command -v gcc >/dev/null || { echo "SKIP: gcc not found"; exit 77; }
rm -rf "$W" && mkdir -p "$W" && cd "$W" || exit 1
cat >demo.c <<'EOF_C'
#include <stdlib.h>
#include <string.h>
__attribute__((noinline)) double *grab(size_t n) { return malloc(n * sizeof(double)); }
__attribute__((noinline)) double *field(size_t n) { return grab(n); }
__attribute__((noinline)) double *scratch(size_t n) { return grab(n); }
int main(void) {
  size_t n = 4u << 20; /* 32 MiB each: each half of the footprint */
  double *a = field(n), *b = scratch(n);
  memset(a, 1, n * sizeof *a), memset(b, 2, n * sizeof *b);
  return a[n - 1] == b[n - 1];
}
EOF_C
gcc -O1 -g demo.c -o demo || fail "gcc demo.c"
OLI_BUILD_DIR=$B "$here/run-demo.sh" --timeout 240 --out out ./demo >demo.out 2>demo.err
rc=$?
[ $rc -eq 77 ] && { echo "SKIP: the lab cannot run here: $(tail -n 1 demo.err)"; exit 77; }
[ $rc -eq 0 ] || { cat demo.err demo.out >&2; fail "run-demo exited $rc"; }
grep -q "demo is not linked with liboli: preloading it" demo.err || { cat demo.err >&2; fail "no word of the preload"; }
[ -s out/report.json ] || fail "no report"
python3 - out/report.json "$W/demo" <<'PY' || { cat demo.out >&2; fail "the report"; }
import json, sys
r = json.load(open(sys.argv[1]))
sites = [s for s in r["sites"] if s.get("frames") and s["count"]]
assert len(sites) == 2, ("want the two call paths as two sites", [s.get("frames") for s in r["sites"]])
for s in sites:
    assert s["frames"][0]["module"] == sys.argv[2], s["frames"][0]  # the host's file, not /lab/demo
    assert len(s["frames"]) >= 2, s["frames"]  # the unwinder was there: more than the return address
    assert s["decision"] == "interleave", (s["decision"], s["reason"])
PY
grep -q "demo.c:4" demo.out && grep -q "demo.c:5" demo.out || { cat demo.out >&2; fail "oli report does not name the two callers"; }
echo "PASS numa-lab/demo-preload"
