#!/bin/sh
# install/bench-tools (test/install/CMakeLists.txt): the tools for a user's own
# NPB or XSBench, used from an installed prefix only (`cmake --install` of this
# build into a scratch prefix; PATH is that prefix's bin/ and the system's):
#   - bin/oli-npb-apply (npb-patches/apply.sh) with its templates in
#     share/oli/npb-patches/, bin/oli-compare (benchmarks/compare.py), its helper
#     LIB/oli/bench-numa-run, and their manual pages are installed;
#   - oli-npb-apply configures a stand-in NPB 3.4 tree laid out as a git checkout
#     (no bin/: the link must not fail), which then builds with and without oli;
#   - oli-compare runs the result, its numactl row through the installed
#     bench-numa-run (not skipped, the kernel's bytes measured), and its --json
#     names its schema.
# Environment: BUILD, SRC (this directory), REPO (the source tree), CMAKE, LIBDIR.
set -u
fail() { echo "FAIL install/bench-tools: $*" >&2; exit 1; }
command -v flang-new-19 >/dev/null || { echo "SKIP: flang-new-19 missing (the NPB stand-in is Fortran)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oli-bench-tools.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
log=$tmp/log
show() { cat "$log" >&2; fail "$*"; }

"$CMAKE" --install "$BUILD" --prefix "$prefix" >"$log" 2>&1 || show "cmake --install failed"
for f in bin/oli-npb-apply bin/oli-compare "$LIBDIR/oli/bench-numa-run" share/oli/npb-patches/npb3.4-omp/make.def.in \
    share/oli/npb-patches/npb-c/make.def.in share/oli/npb-patches/xsbench/Makefile.oli.in \
    share/man/man1/oli-npb-apply.1 share/man/man1/oli-compare.1 share/oli/schema/oli-compare.schema.json; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
for f in bin/oli-npb-apply bin/oli-compare "$LIBDIR/oli/bench-numa-run"; do
  [ -x "$prefix/$f" ] || fail "$f is not executable"
done
PATH=$prefix/bin:/usr/bin:/bin
export PATH
cd "$tmp" || exit 1

# oli-npb-apply: bad input, then a stand-in NPB 3.4 without bin/
oli-npb-apply "$tmp" >"$log" 2>&1 && show "oli-npb-apply accepted a directory that is not NPB"
grep -q "^oli-npb-apply: error: '$tmp' does not look like NPB or XSBench" "$log" || show "oli-npb-apply: no one-line refusal"
bash -c ". '$REPO/npb-patches/standin.sh' && npb_fortran '$tmp/NPB3.4.3'" >"$log" 2>&1 || show "stand-in tree"
npb=$tmp/NPB3.4.3/NPB3.4-OMP
[ ! -e "$npb/bin" ] || fail "the stand-in has a bin/ (a git checkout has none)"
oli-npb-apply "$tmp/NPB3.4.3" >"$log" 2>&1 || show "oli-npb-apply on the stand-in"
grep -q "oli-config: $prefix/bin/oli-config" "$log" || show "oli-npb-apply did not take the installed oli-config"
make -C "$npb" CG CLASS=S >"$log" 2>&1 || show "make CG CLASS=S (oli) after oli-npb-apply"
make -C "$npb" CG CLASS=S OLI=0 >"$log" 2>&1 || show "make CG CLASS=S OLI=0"
[ -x "$npb/bin/cg.S.x" ] && [ -x "$npb/bin-plain/cg.S.x" ] || fail "no bin/cg.S.x or bin-plain/cg.S.x"

# oli-compare with the installed bench-numa-run
pol=dram,oli,numactl-weighted
command -v numactl >/dev/null && pol=$pol,numactl-membind
oli-compare -n 1 --threads 1 --no-class --policies "$pol" "$npb/bin/cg.S.x" --plain "$npb/bin-plain/cg.S.x" \
  --json c.json >"$log" 2>&1 || show "oli-compare"
grep -q "bench-numa-run not found" "$log" && show "oli-compare did not find the installed bench-numa-run"
python3 - c.json "$prefix/$LIBDIR/oli/bench-numa-run" >"$log" 2>&1 <<'PY' || show "oli-compare --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "oli-compare" and d["version"] == 1, (d.get("schema"), d.get("version"))
rows = {r["policy"]: r for r in d["rows"]}
assert rows["oli"]["placed"] is not None and rows["oli"]["kernel"], rows["oli"]
numactl = [r for p, r in rows.items() if p.startswith("numactl-") and not r["skipped"]]
assert numactl or all("MPOL_WEIGHTED" in (r["skipped"] or "") for p, r in rows.items() if p.startswith("numactl-")), rows
for r in numactl:  # bench-numa-run measured them; numactl -w is bench-numa-run itself
    assert r["kernel"] and r["kernel"]["dram"] > 0, r
    assert r["policy"] != "numactl-weighted" or r["command"][0] == sys.argv[2], r["command"]
PY
echo "ok install/bench-tools"
