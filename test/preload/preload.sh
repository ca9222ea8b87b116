#!/bin/sh
# test/preload/preload.sh CASE - programs not built with the plugin, placed
# through LD_PRELOAD=liboli.so or `oli run` by call-stack sites (CTest:
# preload/CASE; docs/runtime.md, "Programs not built with the plugin").
# Environment (set by CMake): OLI (the oli binary), KERNELS (benchmarks/kernels),
# BENCH (the benchmark binaries of this build: bench-cg-oli, bench-fcg-oli), SRC (test/preload),
# SYSFS (a recorded 3-node sysfs tree: decisions as on a machine with a CXL
# node; mbind to its missing nodes is counted as a fallback here, pages per
# node are the NUMA lab's), WORK (scratch), LIBDIR (liboli.so).
set -u
case_=$1
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
fail() { echo "FAIL preload/$case_: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
[ -f "$LIBDIR/liboli.so" ] || skip "$LIBDIR/liboli.so not built"
export OLI_SYSFS_ROOT="$SYSFS" OMP_NUM_THREADS=2
# run OUT CMD...: the kernel must verify
run() {
  out=$1
  shift
  "$@" W >"$out.out" 2>"$out.err" || { cat "$out.err" >&2; fail "$* exited $?"; }
  grep -q 'VERIFICATION SUCCESSFUL' "$out.out" || fail "$*: did not verify"
}
# same PRELOAD-REPORT PLUGIN-REPORT: every source line's decisions (as oli
# report names the call-stack sites' frames from DWARF) equal the plugin
# build's at that line; globals are the plugin's alone (not placed here), and
# so are a system library's own objects (every frame in /lib or /usr: LLVM's
# libomp allocates 1 MiB for itself, which a plugin build does not place)
same() {
  "$OLI" report "$1" >pre.txt || fail "oli report $1"
  grep -q 'sites by call stack: code not built with the plugin' pre.txt || { cat pre.txt >&2; fail "no call-stack line"; }
  python3 - "$OLI" "$1" "$2" <<'PY' || { cat pre.txt >&2; fail "decisions differ from the plugin build's"; }
import collections, json, re, subprocess, sys
oli, pre, plug = sys.argv[1:4]
def by_line(rep, symbolize):
    out = collections.defaultdict(list)
    text = subprocess.run([oli, "report", rep], capture_output=True, text=True, check=True).stdout if symbolize else ""
    where = dict(re.findall(r"^(0x[0-9a-f]{16})\s+\S+\s+(\S+:\d+)\s", text, re.M))
    for s in json.load(open(rep))["sites"]:
        if s["kind"] == "global" or s["count"] == 0:
            continue
        if symbolize and s.get("frames") and all(f["module"].startswith(("/lib", "/usr")) for f in s["frames"]):
            continue
        loc = where.get(s["id"]) if symbolize else "%s:%s" % (s["file"], s["line"])
        assert loc, ("site without a source line", s["id"], s.get("frames"))
        out[loc.rsplit("/", 1)[-1]].append((s["decision"], s.get("ratio")))
    return {k: sorted(v) for k, v in out.items()}
a, b = by_line(pre, True), by_line(plug, False)
assert a == b, "preload %s\nplugin  %s" % (a, b)
assert any(d == "interleave" for v in a.values() for d, _ in v), a  # the rule did something
print("same decisions at %d lines: %s" % (len(a), a))
PY
}

case $case_ in
gcc) # cg.c built by gcc -O2 -g, under LD_PRELOAD: the same decisions by source line as bench-cg-oli
  command -v gcc >/dev/null || skip "gcc not found"
  [ -x "$BENCH/bench-cg-oli" ] || skip "$BENCH/bench-cg-oli not built"
  gcc -O2 -g -fopenmp -I"$KERNELS/common" "$KERNELS/cg/cg.c" -lm -o cg-gcc || fail "gcc cg.c"
  run pre env OLI_REPORT=pre.json LD_PRELOAD="$LIBDIR/liboli.so" ./cg-gcc
  run plug env OLI_REPORT=plug.json "$BENCH/bench-cg-oli"
  same pre.json plug.json
  grep -q 'at main (.*cg\.c:[0-9]*) \[cg-gcc+0x' pre.txt || fail "oli report names no frame of cg-gcc"
  ;;
gfortran) # fcg.F90 built by gfortran -O2 -g: each ALLOCATE lands at its line, decided as bench-fcg-oli (flang + plugin)
  command -v gfortran >/dev/null || skip "gfortran not found"
  [ -x "$BENCH/bench-fcg-oli" ] || skip "$BENCH/bench-fcg-oli not built"
  gfortran -O2 -g -fopenmp -I"$KERNELS/common" "$KERNELS/fortran/fcg.F90" -o fcg-gf 2>gf.err || { cat gf.err >&2; fail "gfortran fcg.F90"; }
  run pre env OLI_REPORT=pre.json LD_PRELOAD="$LIBDIR/liboli.so" ./fcg-gf
  run plug env OLI_REPORT=plug.json "$BENCH/bench-fcg-oli"
  same pre.json plug.json
  ;;
clang) # cg.c built by clang -O2 -g without the plugin: no .debug_aranges (clang writes none), so oli
  # report finds each frame's unit by its ranges; the same decisions by source line as bench-cg-oli
  command -v clang-19 >/dev/null || skip "clang-19 not found"
  [ -x "$BENCH/bench-cg-oli" ] || skip "$BENCH/bench-cg-oli not built"
  clang-19 -O2 -g -fopenmp -I"$KERNELS/common" "$KERNELS/cg/cg.c" -lm -o cg-clang || fail "clang cg.c"
  ! readelf -S cg-clang | grep -q debug_aranges || skip "clang wrote .debug_aranges: nothing to test"
  run pre env OLI_REPORT=pre.json LD_PRELOAD="$LIBDIR/liboli.so" ./cg-clang
  run plug env OLI_REPORT=plug.json "$BENCH/bench-cg-oli"
  same pre.json plug.json
  grep -q 'at main (.*cg\.c:[0-9]*) \[cg-clang+0x' pre.txt || fail "oli report names no frame of cg-clang"
  ;;
flang) # fcg.F90 built by flang -O2 -g without the plugin (no .debug_aranges either): each ALLOCATE at its line
  command -v flang-new-19 >/dev/null || skip "flang-new-19 not found"
  [ -x "$BENCH/bench-fcg-oli" ] || skip "$BENCH/bench-fcg-oli not built"
  flang-new-19 -O2 -g -fopenmp -I"$KERNELS/common" "$KERNELS/fortran/fcg.F90" -o fcg-fl 2>fl.err || { cat fl.err >&2; fail "flang fcg.F90"; }
  run pre env OLI_REPORT=pre.json LD_PRELOAD="$LIBDIR/liboli.so" ./fcg-fl
  run plug env OLI_REPORT=plug.json "$BENCH/bench-fcg-oli"
  same pre.json plug.json
  ;;
fortran-module) # an ALLOCATE in a module procedure, whose DWARF gfortran and flang nest in the module
  # (where libdw's scope walk does not look): named arrays::setup, as the plugin names it
  cat >arrays.f90 <<'EOF_F'
module arrays
  real(8), allocatable :: big(:)
contains
  subroutine setup(n)
    integer, intent(in) :: n
    allocate(big(n))
    big = 1
  end subroutine setup
end module arrays
program main
  use arrays
  call setup(3000000)
  print *, sum(big)
end program main
EOF_F
  tried=0
  for fc in gfortran flang-new-19; do
    command -v $fc >/dev/null || continue
    tried=1
    mkdir -p $fc && (cd $fc && $fc -O2 -g ../arrays.f90 -o a) || fail "$fc arrays.f90"
    OLI_REPORT=$fc.json LD_PRELOAD="$LIBDIR/liboli.so" $fc/a >$fc.out 2>$fc.err || { cat $fc.err >&2; fail "$fc: the run"; }
    "$OLI" report $fc.json >$fc.txt || fail "oli report $fc.json"
    grep -q 'at arrays::setup (.*arrays\.f90:6) \[a+0x' $fc.txt || { cat $fc.txt >&2; fail "$fc: the module procedure is not arrays::setup"; }
  done
  [ $tried = 1 ] || skip "neither gfortran nor flang-new-19 found"
  ;;
oli-run) # oli run preloads liboli for a program not linked with it
  command -v gcc >/dev/null || skip "gcc not found"
  gcc -O2 -g -fopenmp -I"$KERNELS/common" "$KERNELS/cg/cg.c" -lm -o cg-gcc || fail "gcc cg.c"
  "$OLI" run --report r.json -- ./cg-gcc W >run.out 2>run.err || { cat run.err >&2; fail "oli run"; }
  grep -q "not linked with liboli" run.err && fail "warned instead of preloading: $(cat run.err)"
  python3 -c 'import json,sys; r=json.load(open("r.json")); f=[s for s in r["sites"] if s.get("frames")]; assert len(f) >= 3 and r["summary"]["placed_objects"] == len(f), r["summary"]' ||
    fail "report without call-stack sites"
  ;;
rebuilt) # the program rebuilt after its run: oli report cannot name its sites from the new file (another
  # build ID) and says so once, showing ? - not a later frame's line in the C library's start-up code
  command -v gcc >/dev/null || skip "gcc not found"
  # main allocates itself: its sites' frames after main's are the C library's start-up code
  cat >direct.c <<'EOF_C'
#include <stdlib.h>
#include <string.h>
char *volatile keep[2]; /* the objects escape: the mallocs stay */
int main(int argc, char **argv) {
  keep[0] = malloc(4 << 20), keep[1] = malloc(6 << 20);
  memset(keep[0], argc, 4 << 20), memset(keep[1], argc, 6 << 20);
  return keep[0][1] + keep[1][2] != 2 * argc || argv[0][0] == 0;
}
EOF_C
  gcc -O1 -g direct.c -o direct || fail "gcc direct.c"
  env OLI_REPORT=r.json LD_PRELOAD="$LIBDIR/liboli.so" ./direct >out.txt 2>err.txt || { cat err.txt >&2; fail "direct"; }
  "$OLI" report r.json >before.txt 2>before.err || fail "oli report"
  [ "$(grep -c "^0x.*/direct.c:[0-9]" before.txt)" = 2 ] || { cat before.txt >&2; fail "the run's own binary: sites not named"; }
  [ ! -s before.err ] || { cat before.err >&2; fail "warned with the run's own binary"; }
  gcc -O2 -g direct.c -o direct || fail "gcc direct.c again" # other code: another build ID
  "$OLI" report r.json >after.txt 2>after.err || fail "oli report after the rebuild"
  [ "$(grep -c "direct: not the file the run had" after.err)" = 1 ] || { cat after.err >&2; fail "want one warning"; }
  awk '/^0x/ && $3 != "?" {bad = 1} END {exit bad}' after.txt || { cat after.txt >&2; fail "a site named from another frame"; }
  ;;
two-paths | two-paths-fp) # one malloc line reached by two call paths: two sites, each decided on its own;
  # -fp: built with frame pointers, so that after the unwinder's first walks the frame-pointer walk finds them
  command -v gcc >/dev/null || skip "gcc not found"
  fp=
  [ "$case_" = two-paths-fp ] && fp=-fno-omit-frame-pointer
  # -O1: no sibling calls, so work_array() and buffer() keep their frames (at -O2 they jump to make())
  gcc -O1 -g $fp "$SRC/twopaths.c" -o twopaths || fail "gcc twopaths.c"
  env OLI_REPORT=r.json LD_PRELOAD="$LIBDIR/liboli.so" ./twopaths >out.txt 2>err.txt || { cat err.txt >&2; fail "twopaths"; }
  "$OLI" report r.json >report.txt || fail "oli report"
  python3 - <<'PY' || { cat report.txt >&2; fail "the two paths"; }
import collections, json
r = json.load(open("r.json"))
# by the path through make(): its return address and its caller's (main's
# own frame may be split by the compiler's loop peeling: more sites, same path)
paths = collections.defaultdict(list)
for x in r["sites"]:
    if x.get("frames"):
        paths[tuple(f["offset"] for f in x["frames"][:2])].append(x)
assert len(paths) == 2, {k: [(x["count"], x["largest"]) for x in v] for k, v in paths.items()}
got = sorted((sum(x["count"] for x in v), {x["largest"] for x in v}, {x["decision"] for x in v}) for v in paths.values())
assert got == [(2, {48 << 20}, {"interleave"}), (12, {2 << 20}, {"dram"})], got
assert len({k[0] for k in paths}) == 1 and len({k[1] for k in paths}) == 2, paths.keys()  # one line, two callers
PY
  python3 - <<'PY' || { cat report.txt >&2; fail "a site's frames are not make, its caller, main"; }
import re
text = open("report.txt").read()
fns = re.findall(r"^\s+(?:at )?(\w+) \(.*\) \[twopaths\+0x", text, re.M)
sites = len(re.findall(r"^0x[0-9a-f]{16} ", text, re.M))
assert fns and fns[0::3] == ["make"] * sites and set(fns[1::3]) == {"work_array", "buffer"} and fns[2::3] == ["main"] * sites, fns
PY
  grep -q "make (.*twopaths.c:13)" report.txt && grep -q "work_array (.*twopaths.c:17)" report.txt &&
    grep -q "buffer (.*twopaths.c:18)" report.txt || { cat report.txt >&2; fail "oli report names the frames"; }
  ;;
plan) # profile a preload run, plan it, run again with the plan: every site matched by its call-stack ID
  command -v gcc >/dev/null || skip "gcc not found"
  gcc -O2 -g -fopenmp -I"$KERNELS/common" "$KERNELS/cg/cg.c" -lm -o cg-gcc || fail "gcc cg.c"
  run prof env OLI_PROFILE=prof.json LD_PRELOAD="$LIBDIR/liboli.so" ./cg-gcc
  python3 -c 'import json; p=json.load(open("prof.json")); assert any(s.get("frames") for s in p["sites"]), p["sites"]' ||
    fail "the profile carries no frames"
  "$OLI" plan prof.json --dram-limit 20M --min-size 1M -o plan.json 2>plan.err || { cat plan.err >&2; fail "oli plan"; }
  python3 -c 'import json; p=json.load(open("plan.json")); assert p["sites"] and all(s["file"].endswith("cg.c") and s["line"] > 0 for s in p["sites"]), p["sites"]' ||
    fail "the plan's sites are not named from DWARF"
  run planned env OLI_PLAN=plan.json OLI_REPORT=r.json LD_PRELOAD="$LIBDIR/liboli.so" ./cg-gcc
  n=$(python3 -c 'import json; print(len(json.load(open("plan.json"))["sites"]))')
  grep -q "plan plan.json: $n sites\? matched, 0 re-matched by source location, 0 unmatched (new), 0 stale" planned.err ||
    { cat planned.err >&2; fail "not every site matched by ID"; }
  python3 -c 'import json; r=json.load(open("r.json")); assert all(s["reason"].startswith("plan") for s in r["sites"] if s.get("frames")), [s["reason"] for s in r["sites"]]' ||
    fail "a site not decided by the plan"
  ;;
plan-to-plugin) # a preload run's profile planned, the plan applied to the plugin build of the same source:
  # every planned site re-matched by source location (DWARF's path against the plugin's, by suffix) and decided by the plan
  command -v gcc >/dev/null || skip "gcc not found"
  [ -x "$BENCH/bench-cg-oli" ] || skip "$BENCH/bench-cg-oli not built"
  gcc -O2 -g -fopenmp -I"$KERNELS/common" "$KERNELS/cg/cg.c" -lm -o cg-gcc || fail "gcc cg.c"
  run prof env OLI_PROFILE=prof.json LD_PRELOAD="$LIBDIR/liboli.so" ./cg-gcc
  "$OLI" plan prof.json --dram-limit 20M --min-size 1M -o plan.json 2>plan.err || { cat plan.err >&2; fail "oli plan"; }
  run planned env OLI_PLAN=plan.json OLI_REPORT=r.json "$BENCH/bench-cg-oli"
  n=$(python3 -c 'import json; print(len(json.load(open("plan.json"))["sites"]))')
  grep -q "plan plan.json: 0 sites matched, $n re-matched by source location, [0-9]* unmatched (new), 0 stale" planned.err ||
    { cat planned.err >&2; fail "not every planned site re-matched by source location"; }
  python3 - <<'PY' || fail "a planned site not decided by the plan in the plugin build"
import json
plan, rep = json.load(open("plan.json")), json.load(open("r.json"))
want = {(s["file"].rsplit("/", 1)[-1], s["line"]): s["decision"] for s in plan["sites"]}
got = {(s["file"].rsplit("/", 1)[-1], s["line"]): (s["decision"], s["reason"]) for s in rep["sites"] if s["count"]}
assert want and all(k in got for k in want), (want, got)
bad = {k: got[k] for k in want if not got[k][1].startswith("plan") or got[k][0] != want[k]}
assert not bad, bad
assert any(d == "interleave" for d in want.values()) and any(d != "interleave" for d in want.values()), want
print("decided by the plan at %d lines" % len(want))
PY
  ;;
plan-to-preload) # the other way round: a plugin build's profile planned with --preload-sites (a preload run's
  # report of the gcc build): the preload run with that plan finds every one of its sites at a planned line by ID
  command -v gcc >/dev/null || skip "gcc not found"
  [ -x "$BENCH/bench-cg-oli" ] || skip "$BENCH/bench-cg-oli not built"
  gcc -O2 -g -fopenmp -I"$KERNELS/common" "$KERNELS/cg/cg.c" -lm -o cg-gcc || fail "gcc cg.c"
  run prof env OLI_PROFILE=prof.json "$BENCH/bench-cg-oli"
  run first env OLI_REPORT=first.json LD_PRELOAD="$LIBDIR/liboli.so" ./cg-gcc
  "$OLI" plan prof.json --dram-limit 20M --min-size 1M --preload-sites first.json -o plan.json 2>plan.err ||
    { cat plan.err >&2; fail "oli plan --preload-sites"; }
  grep -q "oli: [1-9][0-9]* call-stack sites of first.json take the plan entry at their source location" plan.err ||
    { cat plan.err >&2; fail "no call-stack site took a plan entry"; }
  run planned env OLI_PLAN=plan.json OLI_REPORT=r.json LD_PRELOAD="$LIBDIR/liboli.so" ./cg-gcc
  "$OLI" report r.json >report.txt || fail "oli report"
  python3 - "$OLI" <<'PY' || { cat planned.err report.txt >&2; fail "a call-stack site at a planned line not decided by the plan"; }
import json, re, subprocess, sys
plan, rep = json.load(open("plan.json")), json.load(open("r.json"))
want = {(s["file"].rsplit("/", 1)[-1], s["line"]): s["decision"] for s in plan["sites"]}
where = dict(re.findall(r"^(0x[0-9a-f]{16})\s+\S+\s+(\S+:\d+)\s", open("report.txt").read(), re.M))
n = 0
for s in rep["sites"]:
    if not s.get("frames") or not s["count"]:
        continue
    f, line = where[s["id"]].rsplit(":", 1)
    d = want.get((f.rsplit("/", 1)[-1], int(line)))
    assert d, ("a call-stack site at no planned line", where[s["id"]], sorted(want))
    assert s["reason"].startswith("plan") and s["decision"] == d, (where[s["id"]], s["decision"], s["reason"], d)
    n += 1
assert n >= 3 and any(d == "interleave" for d in want.values()), (n, want)
print("%d call-stack sites decided by the plugin build's plan" % n)
PY
  grep -q "plan plan.json: [1-9][0-9]* sites\? matched, 0 re-matched by source location, 0 unmatched (new)" planned.err ||
    { cat planned.err >&2; fail "not every call-stack site matched the plan by ID"; }
  # the CI gate: the plan against the preload run's report - the plugin's entries are the copies' twins,
  # not sites gone (cli/diff-twins)
  "$OLI" diff plan.json r.json >diff.txt 2>&1 || { cat diff.txt >&2; fail "oli diff plan.json r.json: not the same"; }
  grep -q "0 new, 0 gone; [1-9][0-9]* plan entr[a-z]* for the other kind of build" diff.txt || { cat diff.txt >&2; fail "oli diff: no twins counted"; }
  ;;
*) echo "preload.sh: unknown case '$case_' (gcc, gfortran, oli-run, two-paths, two-paths-fp, plan, plan-to-plugin, plan-to-preload)" >&2; exit 2 ;;
esac
echo "preload/$case_: ok"
