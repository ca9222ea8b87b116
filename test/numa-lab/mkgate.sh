#!/bin/sh
# NUMA lab suite "gate": the README's CI recipe on test/e2e/ci (grid.c, solve.c,
# main.c), built on the host for the guest (docs/numa-lab.md, "The CI gate").
#
#   test/numa-lab/mkgate.sh OUT CLANG PLUGIN LIBDIR OLI SRC
#
#   OUT/unchanged/   SRC copied; built with profile-every=16, profiled on the host
#                    (OLI_PROFILE, the unchanged kernel), `oli plan --min-size 1M`
#                    writes golden.json there, then rebuilt with plan=golden.json
#                    (relative to root=, as a repository keeps it): OUT/lab_gate_k
#   OUT/edited/      the same tree and golden.json, kernel.h edited so that the
#                    scratch vector (main.c:10, 256 KiB: left out as small) grows to
#                    4 MiB, which the runtime places: OUT/lab_gate_k_edit
#   OUT/golden.json  the golden plan the guest's `oli diff` compares against
#
# The golden plan is made here at build time, not checked in: its site IDs and
# decisions follow this build's pass and planner, so the lab tests the recipe, not
# a file gone stale (test/e2e/golden-plan.json guards the planner's decisions).
# A profile counts accesses, not placement: the host's is the guest's.
set -eu
[ $# -eq 6 ] || { echo "usage: $0 OUT CLANG PLUGIN LIBDIR OLI SRC" >&2; exit 2; }
out=$1 clang=$2 plugin=$3 libdir=$4 oli=$5 src=$6
fail() { echo "mkgate: error: $*" >&2; exit 1; }

# build DIR OPTIONS: grid.c, solve.c, main.c compiled apart with the plugin, linked into DIR/k
build() {
  (cd "$1" && rm -f k ./*.o && for f in grid solve main; do
     OLI_PASS_OPTIONS="root=$PWD;$2" "$clang" -O2 -gline-tables-only -fpass-plugin="$plugin" -c $f.c -o $f.o
   done && "$clang" grid.o solve.o main.o -L"$libdir" -loli -Wl,-rpath,"$libdir" -o k) ||
    fail "compiling $1 with '$2' failed"
}

rm -rf "$out/unchanged" "$out/edited"
mkdir -p "$out/unchanged"
cp "$src"/*.c "$src"/*.h "$out/unchanged/"
u=$out/unchanged
build "$u" "profile-every=16"
# the host's environment must not steer the profile run or the plan
env -u OLI_POLICY -u OLI_MIN_SIZE -u OLI_DRAM_LIMIT -u OLI_PROFILE_START OLI_PROFILE="$u/prof.json" "$u/k" \
  >"$u/prof.out" 2>"$u/prof.err" || { cat "$u/prof.err" >&2; fail "the profile run of $u/k failed"; }
OLI_MACHINE=none "$oli" plan "$u/prof.json" --dram-limit 16M --min-size 1M -o "$u/golden.json" 2>"$u/plan.err" ||
  { cat "$u/plan.err" >&2; fail "oli plan $u/prof.json failed"; }
build "$u" "plan=golden.json"

cp -r "$u" "$out/edited"
e=$out/edited
sed 's/^#define SCRATCH (32 << 10) /#define SCRATCH (512 << 10)/' "$u/kernel.h" >"$e/kernel.h"
grep -q '^#define SCRATCH (512 << 10)' "$e/kernel.h" || fail "the edit of $e/kernel.h did not apply (SCRATCH)"
build "$e" "plan=golden.json"

cp "$u/k" "$out/lab_gate_k"
cp "$e/k" "$out/lab_gate_k_edit"
cp "$u/golden.json" "$out/golden.json"
