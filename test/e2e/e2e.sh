#!/bin/sh
# test/e2e/e2e.sh CASE - the profile-guided rebuild end to end (CTest: e2e/CASE).
# Environment (set by CMake): OLI (the oli binary), CLANG, SRC (test/e2e), SYSFS
# (a recorded 3-node sysfs tree: DRAM nodes 0-1, CXL node 2), WORK (scratch),
# PLUGIN (OliPass.so), LIBDIR (liboli.so).
#
# Decisions are made against the recorded tree (OLI_SYSFS_ROOT), so on a 1-node
# machine the runtime decides as if the CXL node existed; mbind to the missing
# nodes then fails and is counted as a fallback ("[fallbacks]" in the report,
# decision column unchanged: the intended one). Real pages per node are
# checked in the NUMA lab (test/numa-lab, docs/numa-lab.md).
set -u
case_=$1
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
fail() { echo "FAIL $case_: $*" >&2; exit 1; }
[ -f "$PLUGIN" ] || { echo "SKIP: $PLUGIN not built"; exit 77; }
[ -f "$LIBDIR/liboli.so" ] || { echo "SKIP: $LIBDIR/liboli.so not built"; exit 77; }
export OLI_SYSFS_ROOT="$SYSFS"
LIMIT=19M     # all-DRAM needs 24 MiB: the budget forces the cold array off DRAM
HOT=100       # accesses per KiB: a fixed threshold, so one array's change moves only it

# build DIR OPTIONS [CFLAGS...]: compile DIR/kernel.c with the plugin into DIR/k
build() {
  d=$1 o=$2
  shift 2
  (cd "$d" && OLI_PASS_OPTIONS="root=$PWD;$o" "$CLANG" -gline-tables-only "$@" -fpass-plugin="$PLUGIN" \
    kernel.c -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o k) || fail "compile $d with '$o'"
}
# profile DIR OUT: portable profile run of DIR/k
profile() {
  OLI_PROFILE="$2" "$1/k" >"$1/out.txt" 2>"$1/err.txt" || { cat "$1/err.txt" >&2; fail "profile run of $1"; }
}
# profile_plan_all N: a/kernel.c built with profile-every=64 and profiled; plan.json plans every
# site of 1M or more (no DRAM limit, the built-in tiers) and must have N sites
profile_plan_all() {
  build a "profile-every=64" -O2
  profile a prof.json
  OLI_MACHINE=none "$OLI" plan prof.json --dram-limit unlimited --min-size 1M -o plan.json 2>plan.err ||
    { cat plan.err >&2; fail "oli plan"; }
  [ "$(python3 -c 'import json; print(len(json.load(open("plan.json"))["sites"]))')" = "$1" ] || fail "want $1 planned sites"
}
# the built-in tiers (OLI_MACHINE=none: no /etc/oli/machine.json of the host), one thread
plan() { OLI_MACHINE=none "$OLI" plan "$1" --dram-limit $LIMIT --min-size 1M --hot-intensity $HOT -o "$2" 2>plan.err ||
  { cat plan.err >&2; fail "oli plan $1"; }; }
# build_rule: compile the Monte Carlo stand-in static-rule.c with the plugin into ./sr, and
# check the pass saw what the rule needs: grid gathered, flux streamed, source touched twice
build_rule() {
  cp "$SRC/static-rule.c" . || fail "copy static-rule.c"
  OLI_PASS_OPTIONS="root=$PWD" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" static-rule.c \
    -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o sr || fail "compile static-rule.c"
  "$OLI" sites --json sr >sites.json || fail "oli sites"
  python3 - sites.json <<'PY' || fail "static estimates of static-rule.c"
import json, sys
by = {s["name"]: s["static"] for s in json.load(open(sys.argv[1]))["sites"]}
assert by["grid"]["pattern"] == "gather", by["grid"]
assert by["flux"]["pattern"] == "streaming" and by["flux"]["passes"] > 4, by["flux"]
assert by["source"]["pattern"] == "streaming" and by["source"]["passes"] <= 2.002, by["source"]  # cold: 2 passes to the rounding the runtime allows
assert all(e["confidence"] in ("medium", "high") for e in by.values()), by
PY
}
# build_fp: the whole-footprint stand-in (footprint/: three files) with the plugin into ./fp
build_fp() {
  cp "$SRC"/footprint/*.c "$SRC"/footprint/*.h . || fail "copy footprint/"
  OLI_PASS_OPTIONS="root=$PWD" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" main.c vectors.c sweep.c \
    -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o fp || fail "compile footprint/"
}
mkdir a && cp "$SRC/kernel.c" a/

case "$case_" in
pgo-rebuild) # profile -> plan -> rebuild with the plan embedded -> run: decisions = plan = golden
  build a "profile-every=16" -O2
  profile a prof.json
  profile a prof2.json
  python3 - prof.json prof2.json <<'PY' || fail "two profile runs differ (portable mode must be deterministic)"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["access_source"] == "portable", a["access_source"]
key = lambda d: {s["id"]: (s["accesses"], s["largest"]) for s in d["sites"]}
assert key(a) == key(b), (key(a), key(b))
assert sum(s["accesses"] for s in a["sites"]) > 0
PY
  plan prof.json plan.json
  "$OLI" diff "$SRC/golden-plan.json" plan.json >diff.txt || { cat diff.txt >&2; fail "plan differs from test/e2e/golden-plan.json"; }
  build a "plan=$WORK/plan.json" -O2
  OLI_REPORT=rep.json a/k >a/out.txt 2>a/err.txt || { cat a/err.txt >&2; fail "run of the rebuilt binary"; }
  grep -q '^oli: plan (embedded): 3 sites matched, 0 re-matched by source location, 0 unmatched (new), 0 stale, 4 left out by the plan (small or never allocated)$' a/err.txt ||
    { cat a/err.txt >&2; fail "no or wrong embedded-plan match statistics"; }
  python3 - plan.json rep.json <<'PY' || fail "a decision of the run is not the plan's"
import json, sys
plan, rep = (json.load(open(p)) for p in sys.argv[1:])
got = {s["id"]: s for s in rep["sites"]}
assert len(plan["sites"]) == 3, plan["sites"]
for p in plan["sites"]:
    r = got[p["id"]]
    assert r["decision"] == p["decision"], (p["id"], p["decision"], r["decision"])
    if p["decision"] == "interleave":
        assert r["ratio"] == p["ratio"], (p["id"], p["ratio"], r["ratio"])
    assert r["reason"].startswith("plan"), (p["id"], r["reason"])
    assert r["count"] == 1 and r["largest"] == p["bytes"], (p["id"], r)
PY
  "$OLI" diff --moved-only plan.json rep.json >diff.txt || { cat diff.txt >&2; fail "oli diff plan report"; }
  "$OLI" diff --moved-only "$SRC/golden-plan.json" rep.json >diff.txt || { cat diff.txt >&2; fail "oli diff golden report"; }
  ;;
ci-gate) # README's CI recipe on a multi-file kernel (test/e2e/ci): a golden plan made with --min-size 1M;
  # oli diff GOLDEN REPORT exits 0 on the unchanged program (the sites the plan left out - small, never
  # allocated - agree with the run), 1 naming the site after an edit that moves a decision. The plan
  # sits in the source tree, named relative to root= (plan=golden.json), as a repository keeps it
  # build_multi DIR OPTIONS: grid.c, solve.c, main.c compiled apart, then linked
  build_multi() {
    (cd "$1" && for f in grid solve main; do
       OLI_PASS_OPTIONS="root=$PWD;$2" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" -c $f.c -o $f.o || exit 1
     done && "$CLANG" grid.o solve.o main.o -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o k) || fail "compile $1 with '$2'"
  }
  mkdir ci && cp "$SRC"/ci/*.c "$SRC"/ci/*.h ci/ || fail "copy test/e2e/ci"
  build_multi ci "profile-every=16"
  profile ci prof.json
  OLI_MACHINE=none "$OLI" plan prof.json --dram-limit 16M --min-size 1M -o ci/golden.json 2>plan.err || { cat plan.err >&2; fail "oli plan"; }
  python3 - ci/golden.json <<'PY' || fail "the plan does not list the sites it left out"
import json, sys
p = json.load(open(sys.argv[1]))
why = sorted((s["file"], s["line"], s["why"]) for s in p["left_out"])
# main.c:16: the call of grid_spare (a wrapper in grid.c) is a site of its own, never reached
assert why == [("grid.c", 10, "small"), ("grid.c", 21, "unused"), ("main.c", 10, "small"), ("main.c", 16, "unused")], why
assert len(p["sites"]) == 3, p["sites"]
PY
  build_multi ci "plan=golden.json"
  "$OLI" sites ci/k >sites.txt 2>&1 && grep -q "^plan embedded: $WORK/ci/golden.json (3 sites planned, 4 left out)$" sites.txt ||
    { cat sites.txt >&2; fail "oli sites: the plan build"; }
  OLI_REPORT=rep.json ci/k >ci/out.txt 2>ci/err.txt || { cat ci/err.txt >&2; fail "run of the plan build"; }
  grep -q '^oli: plan (embedded): 3 sites matched, 0 re-matched by source location, 0 unmatched (new), 0 stale, 4 left out by the plan (small or never allocated)$' ci/err.txt ||
    { cat ci/err.txt >&2; fail "embedded-plan line: the left-out sites not counted apart"; }
  "$OLI" diff ci/golden.json rep.json >diff.txt; rc=$?
  [ $rc -eq 0 ] || { cat diff.txt >&2; fail "oli diff golden report on the unchanged program: exit $rc, want 0"; }
  tail -n 1 diff.txt | grep -qx '3 sites in both (0 re-matched by location): 0 moved; 0 new, 0 gone; 4 left out by the plan, as the run agrees' ||
    { cat diff.txt >&2; fail "unchanged program: summary"; }
  # the edit: the scratch vector grows past OLI_MIN_SIZE, so the runtime places what the plan left out
  sed 's/^#define SCRATCH (32 << 10) /#define SCRATCH (512 << 10)/' ci/kernel.h >ci/kernel.h.new && mv ci/kernel.h.new ci/kernel.h
  grep -q '^#define SCRATCH (512 << 10)' ci/kernel.h || fail "the edit did not apply"
  build_multi ci "plan=golden.json"
  OLI_REPORT=rep2.json ci/k >ci/out.txt 2>ci/err.txt || { cat ci/err.txt >&2; fail "run of the edited build"; }
  "$OLI" diff ci/golden.json rep2.json >diff.txt; rc=$?
  [ $rc -eq 1 ] || { cat diff.txt >&2; fail "oli diff golden report after the edit: exit $rc, want 1"; }
  [ "$(grep -c '^moved' diff.txt)" -eq 1 ] && grep -q '^moved  0x[0-9a-f]*  main.c:10 main  scratch  (left out: small) -> ' diff.txt ||
    { cat diff.txt >&2; fail "want exactly the scratch vector (main.c:10) named as moved"; }
  "$OLI" diff --moved-only ci/golden.json rep2.json >diff2.txt; rc=$?
  [ $rc -eq 1 ] && [ "$(grep -c '^moved' diff2.txt)" -eq 1 ] && [ "$(wc -l <diff2.txt)" -eq 2 ] ||
    { cat diff2.txt >&2; fail "--moved-only: exit $rc, want 1 and only the moved line"; }
  ;;
pgo-edit-cold-hot) # a one-line edit makes the cold array hot: oli diff exits 1 naming it, now given more DRAM
  # (and the array that gives DRAM up for it: the budget holds 19 of 24 MiB)
  build a "profile-every=16" -O2
  profile a prof.json
  plan prof.json plan.json
  mkdir b && sed 's/^static const int cold_reps = 0;$/static const int cold_reps = 8;/' "$SRC/kernel.c" >b/kernel.c
  cmp -s "$SRC/kernel.c" b/kernel.c && fail "the edit did not apply"
  build b "profile-every=16" -O2
  profile b prof-b.json
  plan prof-b.json plan-b.json
  "$OLI" diff "$SRC/golden-plan.json" plan-b.json >diff.txt; rc=$?
  [ $rc -eq 1 ] || { cat diff.txt >&2; fail "oli diff golden edited: exit $rc, want 1"; }
  # kernel.c:18 leaves interleave 1:3 (a quarter on DRAM) for a larger DRAM share
  grep '^moved  0x16c5700973ff729a  kernel.c:18 main  cold  interleave 1:3 -> ' diff.txt |
    awk '{split($(NF-2), r, ":"); if ($(NF-2) == "dram" || ($(NF-3) == "interleave" && r[1] / (r[1] + r[2]) > 0.25)) ok = 1}
         END {exit !ok}' || { cat diff.txt >&2; fail "the cold array (kernel.c:18) did not move to more DRAM"; }
  tail -n 1 diff.txt | grep -qx '3 sites in both (0 re-matched by location): 2 moved; 0 new, 0 gone' ||
    { cat diff.txt >&2; fail "want 3 sites compared, 2 moved (the edited array and the one giving DRAM up), none new or gone"; }
  "$OLI" diff plan.json plan-b.json >diff2.txt; [ $? -eq 1 ] || fail "oli diff old new plan: want exit 1"
  cmp -s diff.txt diff2.txt || { diff diff.txt diff2.txt >&2; fail "golden and fresh plan disagree"; }
  ;;
profile-other-build) # a profile of build A used by build B (other directory, other -O): zero unmatched
  build a "profile-every=16" -O2
  profile a prof.json
  plan prof.json plan.json
  mkdir -p elsewhere/deeper/b && cp "$SRC/kernel.c" elsewhere/deeper/b/
  build elsewhere/deeper/b "plan=$WORK/plan.json" -O0
  OLI_VERBOSE=0 elsewhere/deeper/b/k >b.out 2>b.err || { cat b.err >&2; fail "run of build B"; }
  grep -q '^oli: plan (embedded): 3 sites matched, 0 re-matched by source location, 0 unmatched (new), 0 stale, 4 left out by the plan (small or never allocated)$' b.err ||
    { cat b.err >&2; fail "build B: want 3 matched (the planned sites), the 4 small ones left out by the plan, 0 new, 0 stale"; }
  # every site of B is in A's profile (plan --min-size 0 plans them all but the wrapper's inner
  # malloc, which never allocated on its own: left out as unused): zero unmatched
  OLI_MACHINE=none "$OLI" plan prof.json --dram-limit $LIMIT --hot-intensity $HOT --min-size 1 -o plan-all.json 2>/dev/null ||
    fail "plan all"
  OLI_PLAN=plan-all.json elsewhere/deeper/b/k >b.out 2>b.err || fail "run of build B with OLI_PLAN"
  grep -q '^oli: plan plan-all.json: [0-9]* sites\? matched, 0 re-matched by source location, 0 unmatched (new), 0 stale, 1 left out by the plan (small or never allocated)$' b.err ||
    { cat b.err >&2; fail "build B with every site of A's profile: want 0 unmatched, 0 stale"; }
  ;;
rematch-edit-above) # code inserted above a function keeps its IDs (exact match); an edit that
  # also moves the calls' columns changes the IDs, and the sites are re-matched by location
  build a "profile-every=16" -O2
  profile a prof.json
  plan prof.json plan.json
  mkdir c d
  awk '/^int main\(void\) \{$/ { print "static int unused_helper(int x) {"; print "  return x * 3;"; print "}"; print "" } { print }' \
    "$SRC/kernel.c" >c/kernel.c
  grep -q unused_helper c/kernel.c || fail "the insertion did not apply"
  build c "plan=$WORK/plan.json" -O2
  c/k >c.out 2>c.err || { cat c.err >&2; fail "run of the build with a function inserted above main"; }
  grep -q '^oli: plan (embedded): 3 sites matched, 0 re-matched by source location, 0 unmatched (new), 0 stale, 4 left out by the plan (small or never allocated)$' c.err ||
    { cat c.err >&2; fail "insertion above main: want the 3 planned sites matched by ID"; }
  sed -e 's/= malloc(N \* sizeof(double));/= (double *)malloc(N * sizeof(double));/' \
      -e 's/= calloc(N, sizeof(double));/= (double *)calloc(N, sizeof(double));/' c/kernel.c >d/kernel.c
  [ "$(grep -c '(double \*)[mc]alloc(N' d/kernel.c)" -eq 3 ] || fail "the column edit did not apply"
  build d "plan=$WORK/plan.json" -O2
  OLI_REPORT=rep-d.json d/k >d.out 2>d.err || { cat d.err >&2; fail "run of the edited build"; }
  grep -q '^oli: plan (embedded): 0 sites matched, 3 re-matched by source location, [0-9]* unmatched (new), 0 stale, [0-9]* left out by the plan (small or never allocated)$' d.err ||
    { cat d.err >&2; fail "want the 3 planned sites re-matched by source location"; }
  # the run follows the plan: the report's sites 4 lines lower (the helper) have the
  # planned decisions (oli diff cannot re-match them: reports carry no line offset)
  python3 - plan.json rep-d.json <<'PY' || fail "re-matched sites do not follow the plan"
import json, sys
plan, rep = (json.load(open(p)) for p in sys.argv[1:])
by_line = {s["line"]: s for s in rep["sites"]}
for p in plan["sites"]:
    r = by_line[p["line"] + 4]
    assert r["id"] != p["id"], "the edit should have changed the ID"
    assert (r["decision"], r["ratio"]) == (p["decision"], p["ratio"]), (p, r)
    assert r["reason"].startswith("plan"), r["reason"]
PY
  ;;
rematch-agrees) # after an edit, the run and `oli diff PLAN REPORT` pair the same sites with the
  # plan's entries (common/rematch.c): a named array whose line offset moved by its name; a second
  # unnamed array added on the line of a planned one (whose ID is unchanged) takes no entry
  mkdir -p a b
  cat >a/kernel.c <<'EOF_K'
#include <stdio.h>
#include <stdlib.h>
#define N (1 << 20)
static double sweep(double *p, int reps) {
  double s = 0;
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < N; i++) s += p[i] += r;
  return s;
}
static double *a; /* named after the global */
int main(void) {
  double s = sweep(calloc(N, sizeof(double)), 2);
  a = malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) a[i] = i;
  printf("%.1f %.1f\n", s, sweep(a, 3));
  return 0;
}
EOF_K
  profile_plan_all 2
  # the edit: a second calloc after the first on its line, a line above a's malloc
  sed -e 's|^  a = malloc|  /* edited */\n  a = malloc|' \
      -e 's|sweep(calloc(N, sizeof(double)), 2);|sweep(calloc(N, sizeof(double)), 2) + sweep(calloc(N, sizeof(double)), 1);|' \
      a/kernel.c >b/kernel.c
  [ "$(grep -o 'calloc' b/kernel.c | wc -l)" = 2 ] && grep -q edited b/kernel.c || fail "the edit did not apply"
  build b "plan=$WORK/plan.json" -O2
  OLI_REPORT=rep.json b/k >b.out 2>b.err || { cat b.err >&2; fail "run of the edited build"; }
  grep -q '^oli: plan (embedded): 1 site matched, 1 re-matched by source location, 1 unmatched (new), 0 stale' b.err ||
    { cat b.err >&2; fail "run: want the first calloc matched, a re-matched, the second calloc new"; }
  "$OLI" diff plan.json rep.json >diff.txt; [ $? -eq 1 ] || { cat diff.txt >&2; fail "oli diff: want exit 1 (a new site)"; }
  tail -n 1 diff.txt | grep -q '^2 sites in both (1 re-matched by location): 0 moved; 1 new, 0 gone' ||
    { cat diff.txt >&2; fail "oli diff: want the run's pairing (2 in both, 1 re-matched, 1 new)"; }
  python3 - plan.json rep.json <<'PY' || fail "a site does not follow (or wrongly follows) the plan"
import json, sys
plan, rep = (json.load(open(p)) for p in sys.argv[1:])
ids = {s["id"] for s in plan["sites"]}
p = [s for s in plan["sites"] if s.get("name") == "a"][0]
r = [s for s in rep["sites"] if s.get("name") == "a"][0]
assert r["id"] != p["id"], "the edit should have changed a's ID"
assert r["reason"].startswith("plan") and (r["decision"], r["ratio"]) == (p["decision"], p["ratio"]), (p, r)
new = [s for s in rep["sites"] if s["kind"] == "calloc" and s["id"] not in ids]
assert len(new) == 1 and not new[0]["reason"].startswith("plan"), new
PY
  ;;
left-out-grows) # a site the plan left out as small that places an object in a later run (its size
  # is the run's) is new in the run's plan line and in oli diff, not counted as left out
  mkdir -p a
  cat >a/kernel.c <<'EOF_K'
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1024;
  double *big = malloc((4u << 20) * sizeof(double));
  double *grow = malloc(n * sizeof(double));
  double s = 0;
  for (size_t i = 0; i < (4u << 20); i++) big[i] = i;
  for (size_t i = 0; i < n; i++) grow[i] = i, s += big[i % (4u << 20)];
  printf("%.1f\n", s + grow[n / 2]);
  return 0;
}
EOF_K
  build a "profile-every=64" -O2
  profile a prof.json
  plan prof.json plan.json
  python3 -c 'import json; l = {s["name"]: s["why"] for s in json.load(open("plan.json"))["left_out"]}; assert l.get("grow") == "small", l' ||
    fail "the plan did not leave grow out as small"
  OLI_PLAN=plan.json OLI_REPORT=small.json a/k >a.out 2>a.err || { cat a.err >&2; fail "run, grow small"; }
  grep -q '^oli: plan plan.json: 1 site matched, 0 re-matched by source location, 0 unmatched (new), 0 stale, 1 left out by the plan (small or never allocated)$' a.err ||
    { cat a.err >&2; fail "grow small: want it counted as left out"; }
  OLI_PLAN=plan.json OLI_REPORT=large.json a/k 1000000 >a.out 2>a.err || { cat a.err >&2; fail "run, grow 7.6 MiB"; }
  grep -q '^oli: plan plan.json: 1 site matched, 0 re-matched by source location, 1 unmatched (new), 0 stale, 0 left out by the plan (small or never allocated); new: kernel.c:6 (0x' a.err ||
    { cat a.err >&2; fail "grow large: want it new, named, not left out"; }
  "$OLI" diff plan.json large.json >diff.txt; [ $? -eq 1 ] || { cat diff.txt >&2; fail "oli diff: want exit 1"; }
  grep -q '^moved .* grow  (left out: small) -> ' diff.txt || { cat diff.txt >&2; fail "oli diff: grow not moved"; }
  ;;
rematch-id-taken) # a line added above two named arrays of one kind at one column moves the lower's
  # ID onto the upper (`hot` takes the line, and the ID, `icy` had): the run and `oli diff` pair each by
  # its name and location, not `hot` with icy's entry; and `oli diff` of two reports agrees
  mkdir -p a b
  cat >a/kernel.c <<'EOF_K'
#include <stdio.h>
#include <stdlib.h>
#define N (1 << 20)
static double *hot, *icy; /* names of one length: the mallocs at one column */
int main(void) {
  hot = malloc(N * sizeof(double));
  icy = malloc(N * sizeof(double));
  double s = 0;
  for (int i = 0; i < N; i++) hot[i] = i, icy[i] = 1;
  for (int r = 0; r < 8; r++)
    for (int i = 0; i < N; i++) s += hot[i] += r;
  printf("%.1f %.1f\n", s, icy[N / 2]);
  return 0;
}
EOF_K
  profile_plan_all 2
  build a "plan=$WORK/plan.json" -O2
  OLI_REPORT=rep-a.json a/k >a.out 2>a.err || { cat a.err >&2; fail "run of the unedited build"; }
  sed -e 's|^  hot = malloc|  fflush(stdout);\n  hot = malloc|' a/kernel.c >b/kernel.c
  grep -q '^  fflush(stdout);$' b/kernel.c || fail "the edit did not apply"
  build b "plan=$WORK/plan.json" -O2
  OLI_REPORT=rep.json b/k >b.out 2>b.err || { cat b.err >&2; fail "run of the edited build"; }
  python3 - plan.json rep.json <<'PY' || fail "the edit should have moved icy's ID onto hot"
import json, sys
plan, rep = (json.load(open(p)) for p in sys.argv[1:])
old = {s["name"]: s["id"] for s in plan["sites"]}
new = {s["name"]: s["id"] for s in rep["sites"] if s.get("name") in ("hot", "icy")}
assert new["hot"] == old["icy"] and new["icy"] not in old.values(), (old, new)
PY
  grep -q '^oli: plan (embedded): 0 sites matched, 2 re-matched by source location, 0 unmatched (new), 0 stale' b.err ||
    { cat b.err >&2; fail "run: want hot and icy re-matched by location, none by the taken ID"; }
  "$OLI" diff plan.json rep.json >diff.txt || { cat diff.txt >&2; fail "oli diff PLAN REPORT: want exit 0"; }
  tail -n 1 diff.txt | grep -q '^2 sites in both (2 re-matched by location): 0 moved; 0 new, 0 gone' ||
    { cat diff.txt >&2; fail "oli diff PLAN REPORT: want both re-matched"; }
  "$OLI" diff --moved-only rep-a.json rep.json >diff2.txt || { cat diff2.txt >&2; fail "oli diff REPORT REPORT: want exit 0"; }
  ;;
plan-budget-holds) # a plan made for a DRAM limit keeps it for what the plan does not list: an array
  # added after planning is decided under the plan's dram_limit (cold: CXL), unless OLI_DRAM_LIMIT says otherwise
  build a "profile-every=16" -O2
  profile a prof.json
  plan prof.json plan.json
  mkdir -p b
  sed -e 's|^  double \*cold = calloc(N, sizeof(double));|&\n  double *extra = malloc(N * sizeof(double));|' \
      -e 's|a\[i\] = i, b\[i\] = N - i;|a[i] = i, b[i] = N - i, extra[i] = i;|' \
      -e 's|s += a\[i\] + b\[i\] + cold\[i\];|s += a[i] + b[i] + cold[i] + extra[i];|' "$SRC/kernel.c" >b/kernel.c
  [ "$(grep -c extra b/kernel.c)" = 3 ] || fail "the edit did not apply"
  build b "plan=$WORK/plan.json" -O2
  OLI_VERBOSE=1 OLI_REPORT=rep.json b/k >b.out 2>b.err || { cat b.err >&2; fail "run of the edited build"; }
  grep -q '^oli: plan (embedded): DRAM limit 19.0 MiB, the plan.s dram_limit (OLI_DRAM_LIMIT overrides it)$' b.err ||
    { cat b.err >&2; fail "no line saying the plan's DRAM limit holds"; }
  OLI_DRAM_LIMIT=0 OLI_REPORT=rep0.json b/k >b0.out 2>b0.err || { cat b0.err >&2; fail "run with OLI_DRAM_LIMIT=0"; }
  python3 - rep.json rep0.json <<'PY' || fail "the plan's DRAM limit did not hold (or OLI_DRAM_LIMIT did not override it)"
import json, sys
rep, rep0 = (json.load(open(p)) for p in sys.argv[1:])
assert rep["options"]["dram_limit"] == 19 << 20, rep["options"]
assert rep0["options"]["dram_limit"] == 0, rep0["options"]
extra = lambda r: [s for s in r["sites"] if s["line"] == 19][0]
assert extra(rep)["decision"] == "cxl" and "cold" in extra(rep)["reason"], extra(rep)
assert extra(rep0)["decision"] != "cxl", extra(rep0)
PY
  ;;
plan-other-program) # a plan none of whose sites is this program's (by ID or location: another
  # program's) says so at exit, its dram_limit having held; fatal under OLI_STRICT
  build a "profile-every=16" -O2
  profile a prof.json
  plan prof.json plan.json
  python3 - plan.json other.json <<'PY' || fail "edit the plan"
import json, sys
d = json.load(open(sys.argv[1]))
d["program"] = "heat"
for i, s in enumerate(d["sites"]):
    s["id"] = "0x%016x" % (0x1234500 + i)
    s["file"] = "heat.f90"
json.dump(d, open(sys.argv[2], "w"))
PY
  OLI_PLAN=other.json a/k >o.out 2>o.err || { cat o.err >&2; fail "run with another program's plan"; }
  grep -q "^oli: warning: plan other.json matched none of this program's [0-9]* sites (it is for program 'heat'); it decided nothing here, but its dram_limit of 19.0 MiB held; make one for this program with oli plan$" o.err ||
    { cat o.err >&2; fail "no warning naming the other program"; }
  OLI_PLAN=plan.json a/k >p.out 2>p.err || { cat p.err >&2; fail "run with its own plan"; }
  ! grep -q "matched none" p.err || { cat p.err >&2; fail "its own plan warned"; }
  # a DRAM limit without its unit is bytes: said at start
  OLI_DRAM_LIMIT=20 a/k >t.out 2>t.err || { cat t.err >&2; fail "run with OLI_DRAM_LIMIT=20"; }
  grep -q "^oli: warning: OLI_DRAM_LIMIT is 20 bytes, less than the least object placed (1 MiB): every large object goes to CXL; a size takes a unit (20M, 20G)$" t.err ||
    { cat t.err >&2; fail "OLI_DRAM_LIMIT=20: no warning"; }
  # fatal under OLI_STRICT, at exit: nothing placed (OLI_MIN_SIZE: no mbind to the recorded
  # tree's missing nodes, which would stop it first), the plan's warning the one there is;
  # the stop keeps what the program printed (its stdio flushed first)
  OLI_MIN_SIZE=1G OLI_STRICT=1 OLI_PLAN=other.json a/k >s.out 2>s.err &&
    fail "OLI_STRICT=1 did not stop on another program's plan"
  grep -q "matched none of this program's" s.err || { cat s.err >&2; fail "strict: not the plan's warning"; }
  grep -q "^oli: error: OLI_STRICT makes warnings fatal; stopping$" s.err || { cat s.err >&2; fail "no strict line"; }
  cmp -s s.out o.out || { diff s.out o.out >&2; fail "a strict stop at exit lost the program's output"; }
  ;;
common-two-files) # a COMMON block declared in both files that use it (as Fortran codes do) is one
  # object: one site in oli sites without a warning, placed, counted and reported once; one below
  # OLI_MIN_SIZE (not placed) is counted once too
  [ -n "${FLANG:-}" ] && command -v "$FLANG" >/dev/null || { echo "SKIP: no flang"; exit 77; }
  cat >main.f90 <<'EOF_F'
program twofiles
  implicit none
  double precision :: h(1000000), w(20000)
  common /hist/ h
  common /scr/ w
  integer :: i
  do i = 1, 1000000
    h(i) = dble(i)
  end do
  w = 1
  call total()
end program twofiles
EOF_F
  cat >use.f90 <<'EOF_F'
subroutine total()
  implicit none
  double precision :: h(1000000), w(20000)
  common /hist/ h
  common /scr/ w
  print '(f20.1)', sum(h) + sum(w)
end subroutine total
EOF_F
  OLI_PASS_OPTIONS="root=$PWD" "$FLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" main.f90 use.f90 \
    -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o tf || fail "compile the two files"
  "$OLI" sites tf >sites.txt 2>sites.err || { cat sites.err >&2; fail "oli sites"; }
  [ ! -s sites.err ] || { cat sites.err >&2; fail "oli sites warned about the COMMON block declared twice"; }
  [ "$(grep -c '/hist/' sites.txt)" = 1 ] || { cat sites.txt >&2; fail "oli sites: want /hist/ once"; }
  OLI_REPORT=rep.json ./tf >tf.out 2>tf.err || { cat tf.err >&2; fail "run"; }
  python3 - rep.json <<'PY' || fail "the COMMON block counted twice"
import json, sys
r = json.load(open(sys.argv[1]))
h = [s for s in r["sites"] if s.get("name") == "/hist/"]
assert len(h) == 1, h
assert h[0]["count"] == 1 and h[0]["peak_live"] == 8000000 and h[0]["largest"] == 8000000, h[0]
w = [s for s in r["sites"] if s.get("name") == "/scr/"]
assert len(w) == 1 and w[0]["count"] == 1 and w[0]["largest"] == 160000, w
PY
  ;;
extern-wrapper) # an allocation wrapper in another file (xmalloc in util.c, test/e2e/extern), files
  # compiled one by one: each call's object is the caller's site, at its line and named there, with an
  # estimate; a function of another file that is no wrapper (work_make: a scratch buffer of its own)
  # keeps its own sites
  cp "$SRC"/extern/*.c . || fail "copy extern/"
  for f in util work main; do
    OLI_PASS_OPTIONS="root=$PWD" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" -c $f.c -o $f.o ||
      fail "compile $f.c"
  done
  "$CLANG" main.o util.o work.o -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o xw || fail "link"
  "$OLI" sites --json xw >sites.json || fail "oli sites"
  OLI_REPORT=rep.json ./xw >out.txt 2>err.txt || { cat err.txt >&2; fail "run"; }
  python3 - sites.json rep.json <<'PY' || fail "sites of the wrapper's calls"
import json, sys
est = {(s["file"], s["name"]): s["static"] for s in json.load(open(sys.argv[1]))["sites"]}
got = {(s["file"], s["line"], s["name"]): s["count"] for s in json.load(open(sys.argv[2]))["sites"]}
want = {("main.c", 8, "u"): 1, ("main.c", 9, "v"): 1, ("main.c", 10, "w"): 0, ("util.c", 5, "p"): 0,
        ("work.c", 6, "tmp"): 1, ("work.c", 8, "out"): 1}
assert got == want, got
assert est[("main.c", "u")] and est[("main.c", "u")]["pattern"] == "streaming", est[("main.c", "u")]
PY
  ;;
struct-swap) # two struct fields swapped after every step in another file (test/e2e/summary/swap: g->u and g->v
  # take turns, g->w stays): each swapped array holds each role half the steps, so u and v read 2
  # passes a step where w reads 1; the join halves two keys with an edge each way. Checked against
  # the portable profile's ratio (the absolute passes rest on guessed trip counts)
  S="$SRC/summary/swap"
  for f in grid step main; do
    OLI_PASS_OPTIONS="root=$S" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" -c "$S/$f.c" -o $f.o ||
      fail "compile $f.c"
    OLI_PASS_OPTIONS="root=$S;profile-every=61" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" \
      -c "$S/$f.c" -o p$f.o || fail "compile $f.c (profile)"
  done
  "$CLANG" grid.o step.o main.o -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o sw || fail "link"
  "$CLANG" pgrid.o pstep.o pmain.o -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o swp || fail "link (profile)"
  "$OLI" sites --json sw >sites.json || fail "oli sites"
  OLI_PROFILE=p.json ./swp 1048576 40 >out.txt 2>err.txt || { cat err.txt >&2; fail "run"; }
  python3 - sites.json p.json <<'PY' || fail "swapped fields' estimates"
import json, sys
st = {s["name"]: s["static"]["passes"] for s in json.load(open(sys.argv[1]))["sites"]}
pr = {s["name"]: s["accesses"] * 8 / (8 << 20) for s in json.load(open(sys.argv[2]))["sites"]}
print("static", st, "profile", pr)
assert abs(st["g->u"] - st["g->v"]) <= 0.01 * st["g->u"], st
want, got = pr["g->u"] / pr["g->w"], st["g->u"] / st["g->w"]
assert abs(got - want) <= 0.25 * want, (got, want)
PY
  ;;
thinlto-once) # a ThinLTO build (clang -flto=thin, lld with the plugin at the link): the link's backend runs the
  # pipeline's end a second time on modules that carry their summaries and import other modules' code; the
  # estimate and the summaries are the first run's, so the summary section is the size of a build without
  # LTO's (it was twice that: every USE counted twice by the join) and the fields' estimates are there
  command -v ld.lld-19 >/dev/null || command -v ld.lld >/dev/null || { echo "SKIP: lld not found"; exit 77; }
  S="$SRC/summary/fields"
  for f in grid step main; do
    OLI_PASS_OPTIONS="root=$S" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" -c "$S/$f.c" -o $f.o ||
      fail "compile $f.c"
    OLI_PASS_OPTIONS="root=$S" "$CLANG" -O2 -flto=thin -gline-tables-only -fpass-plugin="$PLUGIN" -c "$S/$f.c" \
      -o lto-$f.o || fail "compile $f.c (ThinLTO)"
  done
  "$CLANG" grid.o step.o main.o -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o plain || fail "link"
  OLI_PASS_OPTIONS="root=$S" "$CLANG" -O2 -flto=thin -fuse-ld=lld -Wl,--load-pass-plugin="$PLUGIN" \
    lto-grid.o lto-step.o lto-main.o -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o lto || fail "link (ThinLTO)"
  "$OLI" sites --json plain >plain.json || fail "oli sites plain"
  "$OLI" sites --json lto >lto.json || fail "oli sites lto"
  python3 - plain lto plain.json lto.json <<'PY' || fail "ThinLTO estimate"
import json, subprocess, sys
def section(path):
    out = subprocess.run(["readelf", "-S", "-W", path], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        f = line.replace("[ ", "[").split()
        if len(f) > 5 and f[1] == "oli_summary":
            return int(f[5], 16)
    return 0
a, b = section(sys.argv[1]), section(sys.argv[2])
print("oli_summary bytes: plain %d, ThinLTO %d" % (a, b))
assert a > 0 and a == b, (a, b)
est = {}
for name, path in (("plain", sys.argv[3]), ("lto", sys.argv[4])):
    est[name] = {s["name"]: s["static"] for s in json.load(open(path))["sites"]}
for n in ("g->u", "g->v"):
    p, l = est["plain"][n], est["lto"][n]
    print(n, "plain", p and p["passes"], "ThinLTO", l and l["passes"])
    assert p and l and l["pattern"] == "streaming" and p["passes"] / 2 <= l["passes"] <= 2 * p["passes"], (n, p, l)
assert est["lto"]["g->u"]["passes"] > est["lto"]["g->v"]["passes"]
PY
  ;;
dlclose) # a library built with the plugin, dlopen'ed and dlclose'd: its objects freed afterwards,
  # another build of it loaded later; the exit report and profile are complete and name its sites
  cp "$SRC/dl-lib.c" "$SRC/dl-main.c" . || fail "copy"
  printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x%s", "decision": "dram"}]}\n' 1 >plan-a.json
  printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x%s", "decision": "cxl"}]}\n' 2 >plan-b.json
  for v in a b; do
    OLI_PASS_OPTIONS="root=$PWD;plan=$PWD/plan-$v.json" "$CLANG" -O2 -gline-tables-only -fPIC -shared \
      -fpass-plugin="$PLUGIN" dl-lib.c -o lib$v.so -L"$LIBDIR" -loli || fail "compile lib$v.so"
  done
  "$CLANG" -O2 -I"$SRC/../../include" dl-main.c -o m -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -ldl || fail "compile dl-main"
  unset OLI_SYSFS_ROOT
  # 1. report only: the small objects take the fast path (small_shift written in liba's records)
  OLI_REPORT=r1.json ./m "$PWD/liba.so" >m1.out 2>m1.err; rc=$?
  [ "$rc" -eq 0 ] || { cat m1.err >&2; fail "exit status $rc after dlclose (report)"; }
  # 2. report and profile (every small object counted), and a second library loaded after the first is gone
  OLI_REPORT=r.json OLI_PROFILE=p.json ./m "$PWD/liba.so" "$PWD/libb.so" >m.out 2>m.err; rc=$?
  [ "$rc" -eq 0 ] || { cat m.err >&2; fail "exit status $rc after dlclose (report, profile)"; }
  grep -q '^dl-main ok' m.out || fail "no result line"
  # libb's plan differs from liba's, which stays the plan after liba is gone (the first module's wins)
  grep 'warning\|error' m.err | grep -v 'no CXL node\|no module of this program was compiled with profile-every\|the program was not built with the oli plugin' >w.txt
  [ "$(cat w.txt)" = "oli: warning: modules embed different plans; the first one is used" ] ||
    { cat m.err >&2; fail "warnings"; }
  python3 - r1.json r.json p.json <<'PY' || fail "report/profile after dlclose"
import json, sys
r1, rep, prof = (json.load(open(p)) for p in sys.argv[1:])
for doc, libs in ((r1, 1), (rep, 2), (prof, 2)):
    sites = [s for s in doc["sites"] if s["file"] != ""]
    by = {s["function"] or s["kind"]: s for s in sites}
    assert len(sites) == 3, sites  # no garbage rows: the library's three sites, nothing else
    for s in sites:
        assert s["file"] == "dl-lib.c" and s["function"] in ("lib_big", "lib_small", ""), s
    big = by["lib_big"]
    assert big["count"] == 1 + libs and big["largest"] == 8 << 20, big  # 4 + 8 MiB from liba, 2 MiB from libb
    assert big["kind"] == "malloc" and big["line"] == 11, big
    small = by["lib_small"]
    assert small["line"] == 18 and small["count"] >= 256, small
    grid = by["global"]
    assert grid["name"] == "lib_grid" and grid["count"] == libs, grid  # registered by each library
for rep_ in (r1, rep):
    grid = {s["kind"]: s for s in rep_["sites"]}["global"]
    # read before the unload: the pages it owns (its edge pages are shared with neighbours)
    owned = grid["pages_not_present"] + sum(grid["pages_achieved"].values())
    assert owned + grid["pages_shared"] in (512, 513), grid  # 2 MiB: 512 pages, 513 spanned when unaligned
    assert grid["decision"] == "default" or sum(grid["pages_intended"].values()) == owned, grid
    assert rep_["summary"]["placed_objects"] >= 3, rep_["summary"]
grid = {s["kind"]: s for s in prof["sites"]}["global"]
assert grid["accesses"] == 5 and prof["unattributed_accesses"] >= 7, (grid, prof)  # 7 after the unload
small1 = {s["function"]: s for s in r1["sites"]}["lib_small"]
assert small1["count_partial"] is True and small1["count"] < 600, small1  # the fast path was taken
PY
  "$OLI" report r.json >show.txt || fail "oli report of the report"
  grep -q '^0x[0-9a-f]*  malloc  dl-lib.c:11 .* dram ' show.txt || fail "oli report: lib_big's row"
  ;;
static-plan) # oli plan --static on the Monte Carlo stand-in (static-rule.c): under a budget that
  # fits one of its two hot 8 MiB objects, the gathered grid keeps DRAM, the write-once source goes
  # to CXL, the streamed flux gets what is left; a run with that plan follows it
  build_rule
  OLI_REPORT=sizes.json ./sr 8 >sr.out 2>sr.err || { cat sr.err >&2; fail "sizing run of static-rule"; }
  OLI_MACHINE=none "$OLI" plan --static sr --sizes sizes.json --dram-limit 10M --min-size 1M -o plan.json 2>plan.err ||
    { cat plan.err >&2; fail "oli plan --static"; }
  python3 - plan.json <<'PY' || fail "the static plan"
import json, sys
by = {s["name"]: s for s in json.load(open(sys.argv[1]))["sites"]}
assert by["grid"]["decision"] == "dram", by["grid"]
assert by["source"]["decision"] == "cxl", by["source"]
f = by["flux"]
assert f["decision"] == "interleave", f
w = [int(x) for x in f["ratio"].split(":")]
assert 0 < w[0] * 4 <= sum(w), f  # at most the 2 MiB left of 8 on DRAM
PY
  OLI_PLAN=plan.json OLI_REPORT=rep.json ./sr 8 >sr.out 2>sr.err || { cat sr.err >&2; fail "run with the plan"; }
  "$OLI" diff --moved-only plan.json rep.json >diff.txt || { cat diff.txt >&2; fail "the run did not follow the plan"; }
  ;;
static-rule) # the runtime's rule with no plan or profile reads the same estimates: under a 10 MiB
  # budget the grid (allocated first) keeps DRAM as latency-bound, the write-once source goes to CXL
  # as cold, the streamed flux is interleaved with the little DRAM left; without a budget the size
  # half alone interleaves the grid's neighbours and keeps the grid on DRAM
  build_rule
  OLI_DRAM_LIMIT=10M OLI_REPORT=rep.json ./sr 8 >sr.out 2>sr.err || { cat sr.err >&2; fail "run of static-rule"; }
  python3 - rep.json <<'PY' || fail "the runtime's static decisions"
import json, sys
by = {s["name"]: s for s in json.load(open(sys.argv[1]))["sites"]}
g, s, f = by["grid"], by["source"], by["flux"]
assert g["decision"] == "dram" and "gather (static estimate)" in g["reason"], g
assert s["decision"] == "cxl" and "cold (static estimate" in s["reason"], s
assert f["decision"] == "interleave" and f["reason"].startswith("DRAM budget"), f
PY
  OLI_REPORT=rep0.json ./sr 8 >sr.out 2>sr.err || { cat sr.err >&2; fail "run of static-rule without a budget"; }
  python3 - rep0.json <<'PY' || fail "the runtime's static decisions without a budget"
import json, sys
by = {s["name"]: s for s in json.load(open(sys.argv[1]))["sites"]}
assert by["grid"]["decision"] == "dram", by["grid"]
for n in ("source", "flux"):
    assert by[n]["decision"] == "interleave" and "static estimate" in by[n]["reason"], by[n]
assert "streaming, hot" in by["flux"]["reason"] and "streaming, cold" in by["source"]["reason"], by
PY
  ;;
whole-footprint) # the 10% is of everything the process holds: 40 vectors of 900 KiB (below
  # OLI_MIN_SIZE, never placed), a 3 MiB array (5% of everything, 13% of the placed bytes) and a
  # 20 MiB one (34%), sizes from the command line, in three files: the 3 MiB array is on local DRAM
  # (first interleaved while the footprint was smaller, re-decided), the 20 MiB one interleaved
  build_fp
  OLI_REPORT=rep.json ./fp 900 40 3072 20480 >fp.out 2>fp.err || { cat fp.err >&2; fail "run of fp"; }
  python3 - rep.json <<'PY' || fail "decisions against the whole footprint"
import json, sys
r = json.load(open(sys.argv[1]))
fp = r["footprint"]
by = {s["function"]: s for s in r["sites"]}
mid, big, work = by["fp_field"], by["fp_grid"], by["fp_work"]
assert work["count"] == 40 and work["decision"] == "default", work  # below OLI_MIN_SIZE
assert mid["largest"] == 3 << 20 and big["largest"] == 20 << 20, (mid, big)
assert fp["heap"] >= 40 * 900 * 1024, fp            # the vectors are in the footprint
assert fp["peak"] >= 58 * 1024 * 1024, fp
assert mid["decision"] == "dram" and 4 <= mid["share_of_peak"] < 10, mid
assert big["decision"] == "interleave" and big["share_of_peak"] >= 30, big
assert fp["nothing_placed_largest"] is None, fp
PY
  ;;
profile-small-objects) # accesses to objects below OLI_MIN_SIZE count for their sites while a
  # profile is taken: the small-vectors stand-in (smallvec/: five hot 256 KiB vectors made by
  # sv_vector of another file, each a site at its caller's line, a 1.25 MiB band matrix, three
  # files) leaves at most 5% of its samples unattributed
  cp "$SRC"/smallvec/*.c "$SRC"/smallvec/*.h . || fail "copy smallvec/"
  OLI_PASS_OPTIONS="root=$PWD;profile-every=64" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" \
    main.c vectors.c solve.c -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o sv || fail "compile smallvec/"
  OLI_PROFILE=prof.json ./sv 256 5 20 >sv.out 2>sv.err || { cat sv.err >&2; fail "profile run of sv"; }
  ./sv 256 5 20 >plain.out 2>plain.err || fail "run of sv without a profile"
  cmp -s sv.out plain.out || fail "the profile run computed something else"
  python3 - prof.json <<'PY' || fail "the small vectors' accesses are not their site's"
import json, sys
p = json.load(open(sys.argv[1]))
total, un = p["sampled_accesses"], p["unattributed_accesses"]
by = {s["name"]: s for s in p["sites"] if s["function"] == "main"}
vecs, band = [by[v] for v in ("x", "r", "p", "q", "z")], by["band"]
assert all(v["count"] == 1 and v["largest"] == 256 * 1024 for v in vecs), vecs
assert un <= 0.05 * total, f"{un} of {total} sampled accesses unattributed ({100 * un / total:.0f}%)"
assert sum(v["accesses"] for v in vecs) >= 0.5 * total and band["accesses"] > 0, (vecs, band, total)
PY
  ;;
profile-copies) # what memset and memcpy move counts in the profile (copies.c): an array cleared
  # once and copied from 10 times makes 11 passes, the one copied into 10, the one cleared 1
  cp "$SRC/copies.c" . || fail "copy copies.c"
  OLI_PASS_OPTIONS="root=$PWD;profile-every=61" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" copies.c \
    -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o cp || fail "compile copies.c"
  OLI_PROFILE=prof.json ./cp >cp.out 2>cp.err || { cat cp.err >&2; fail "profile run of copies"; }
  python3 - prof.json <<'PY' || fail "memset/memcpy passes in the profile"
import json, sys
p = json.load(open(sys.argv[1]))
big = sorted((s for s in p["sites"] if s.get("largest") == 8 << 20), key=lambda s: s["line"])
got = [round(s["accesses"] / (s["largest"] / 8), 2) for s in big]
assert len(got) == 3 and all(abs(g - w) <= 0.1 * w for g, w in zip(got, [11, 10, 1])), ("passes of a, b, c", got)
PY
  ;;
profile-touched) # the profile's touched span (touched.c, 2 threads): a global swept whole, the second
  # 4 MiB of a 32 MiB placed object, a 16 MiB one swept by two threads (each its half: the
  # span is the union), the first quarter of an object below OLI_MIN_SIZE, the first 512 KiB
  # of each of four 2 MiB objects of one site
  cp "$SRC/touched.c" . || fail "copy touched.c"
  OLI_PASS_OPTIONS="root=$PWD;profile-every=64" "$CLANG" -O2 -fopenmp -gline-tables-only -fpass-plugin="$PLUGIN" \
    touched.c -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o touched || fail "compile touched.c"
  OMP_NUM_THREADS=2 OLI_PROFILE=prof.json ./touched >t.out 2>t.err || { cat t.err >&2; fail "profile run of touched"; }
  python3 - prof.json <<'PY' || fail "the touched spans"
import json, sys
M = 1 << 20
# the heap objects by their sizes (a malloc's result has no name), the global by its name
by = {s["name"] or {32 * M: "part", 16 * M: "all", 512 * 1024: "small", 2 * M: "blocks"}[s["largest"]]: s
      for s in json.load(open(sys.argv[1]))["sites"] if s["count"]}
def within(name, lo, hi):
    s = by[name]
    assert "touched" in s and lo <= s["touched"] <= hi, (name, s.get("touched"), lo, hi, s)
within("grid", 0.95 * 8 * M, 8 * M)
within("part", 0.95 * 4 * M, 4 * M)
within("all", 0.95 * 16 * M, 16 * M)
within("small", 0.9 * 128 * 1024, 128 * 1024)
assert by["blocks"]["count"] == 4, by["blocks"]
within("blocks", 0.9 * 512 * 1024, 512 * 1024)
PY
  ;;
profile-patterns) # the XSBench-like kernel (benchmarks/kernels/xs, class S, 2 threads) profiled from its
  # settle: its three grids, read by random index, are gather by their sampled addresses and the
  # plan takes them as latency-bound; the particle bank, swept, is streaming
  K="$SRC/../../benchmarks/kernels"
  OLI_PASS_OPTIONS="root=$K;profile-every=1024" "$CLANG" -O2 -fopenmp -gline-tables-only -fpass-plugin="$PLUGIN" \
    -I"$K/common" "$K"/xs/*.c -lm -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o xs || fail "compile xs"
  export OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive
  OLI_PROFILE=whole.json ./xs S >xs.out 2>xs.err || { cat xs.err >&2; fail "profile run of xs"; }
  OLI_PROFILE_START=settle OLI_PROFILE=prof.json ./xs S >xs.out 2>xs.err || { cat xs.err >&2; fail "profile run of xs from its settle"; }
  OLI_MACHINE=none "$OLI" plan prof.json --dram-limit 0 --min-size 256K -o plan.json 2>plan.err || { cat plan.err >&2; fail "oli plan"; }
  python3 - whole.json prof.json plan.json <<'PY' || fail "the grids' patterns"
import json, sys
whole, prof, plan = (json.load(open(p)) for p in sys.argv[1:])
grids = ("SD.nuclide_grid", "SD.union_energy", "SD.index_grid")
assert prof["phase"]["from"] == "settle" and not prof["phase"]["waiting"], prof["phase"]
W, P = ({s["name"]: s for s in d["sites"]} for d in (whole, prof))
setup = sum(W[g]["accesses"] - P[g]["accesses"] for g in grids)
assert setup > 0.1 * sum(P[g]["accesses"] for g in grids), "the set-up is not in the whole run's profile"
for g in grids:
    assert P[g]["pattern"] == "gather" and P[g]["pattern_source"] == "profile", P[g]
assert P["bank"]["pattern"] == "streaming" and P["bank"]["pattern_source"] == "profile", P["bank"]
by = {s["name"]: s for s in plan["sites"]}
for g in grids:
    assert "gather by its sampled addresses" in by[g]["reason"] and "latency-bound" in by[g]["reason"], by[g]
assert "latency-bound" not in by["bank"]["reason"], by["bank"]
PY
  ;;
cxx-inline-sites) # C++ in several files (test/e2e/cxx): std::vector's allocations sit in inline template
  # functions, one comdat each, inlined into functions of both files; every linker links it, with
  # and without line tables, and with one file built without the plugin, and the objects are placed,
  # each vector at the line and under the name that makes it
  cp "$SRC"/cxx/*.cpp "$SRC"/cxx/*.h . || fail "copy cxx/"
  CXX="$CLANG --driver-mode=g++"
  linkers="bfd gold"
  lld=$(command -v ld.lld-19 || command -v ld.lld) && linkers="$linkers lld"
  for dbg in none lines; do
    g=; [ $dbg = lines ] && g=-gline-tables-only
    for f in main field; do
      OLI_PASS_OPTIONS="root=$PWD" $CXX -O2 $g -fpass-plugin="$PLUGIN" -c $f.cpp -o $f.$dbg.o || fail "compile $f.cpp ($dbg)"
      $CXX -O2 $g -c $f.cpp -o $f.$dbg.plain.o || fail "compile $f.cpp without the plugin ($dbg)"
    done
    for ld in $linkers; do
      use=-fuse-ld=$ld; [ $ld = lld ] && use=--ld-path=$lld
      for objs in "main.$dbg.o field.$dbg.o" "field.$dbg.o main.$dbg.o" "main.$dbg.o field.$dbg.plain.o" \
                  "field.$dbg.plain.o main.$dbg.o" "main.$dbg.plain.o field.$dbg.o"; do
        $CXX $use $objs -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o app 2>link.err ||
          { cat link.err >&2; fail "link $objs with $ld"; }
        OLI_REPORT=rep.json ./app >app.out 2>app.err || { cat app.err >&2; fail "run of $objs linked by $ld"; }
        grep -q "^residual " app.out || fail "no result from $objs linked by $ld"
      done
      # both files with the plugin: every 8 MiB vector a placed object of a site, each site one record
      $CXX $use main.$dbg.o field.$dbg.o -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o app || fail "link with $ld"
      OLI_REPORT=rep.json ./app >app.out 2>app.err || { cat app.err >&2; fail "run ($dbg, $ld)"; }
      "$OLI" sites --json app >sites.json || fail "oli sites app ($dbg, $ld)"
      "$OLI" sites --json main.$dbg.o >sites-main.json || fail "oli sites main.$dbg.o"
      "$OLI" sites --json field.$dbg.o >sites-field.json || fail "oli sites field.$dbg.o"
      python3 - rep.json sites.json "$dbg $ld" sites-main.json sites-field.json <<'PY' || fail "objects or records of the C++ program ($dbg, $ld)"
import json, sys
rep, sites, what = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
# an object file lists its records in every oli_sites section (one per comdat): the two list the program's
in_objs = {s["id"] for f in sys.argv[4:] for s in json.load(open(f))["sites"]}
assert in_objs == {s["id"] for s in sites["sites"]}, (what, "records of the objects", sorted(in_objs), "of the program", sorted(s["id"] for s in sites["sites"]))
big = [s for s in rep["sites"] if s["largest"] >= 8 << 20]
assert sum(s["count"] for s in big) == 3, (what, "u, f and next: 3 objects of 8 MiB", [(s["id"], s["count"], s["largest"]) for s in rep["sites"]])
if what.startswith("lines"):  # each vector its own site, at the line that makes it (not libstdc++'s)
    got = sorted((s["file"], s["line"], s["name"]) for s in big)
    assert got == [("field.cpp", 6, "f"), ("field.cpp", 12, "next"), ("main.cpp", 8, "u")], (what, got)
ids = [s["id"] for s in sites["sites"]]
assert len(ids) == len(set(ids)), (what, "a site's record twice in the program", sorted(ids))
PY
    done
  done
  ;;
nothing-placed) # every array below OLI_MIN_SIZE: nothing is placed, and the report and
  # OLI_VERBOSE=1 say so, naming the largest object and the OLI_MIN_SIZE that would place it
  build_fp
  OLI_VERBOSE=1 OLI_REPORT=rep.json ./fp 900 10 0 0 >fp.out 2>fp.err || { cat fp.err >&2; fail "run of fp"; }
  grep -q "nothing placed: every object was below OLI_MIN_SIZE (1.0 MiB); the largest, 900.0 KiB, at site 0x[0-9a-f]* (vectors.c:[0-9]*); set OLI_MIN_SIZE=512K to place" fp.err ||
    { cat fp.err >&2; fail "OLI_VERBOSE=1 does not say why nothing was placed"; }
  python3 - rep.json <<'PY' || fail "the report on nothing placed"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["footprint"]["nothing_placed_largest"] == 900 * 1024, r["footprint"]
assert all(s["decision"] == "default" for s in r["sites"]), r["sites"]
PY
  OLI_REPORT_FORMAT=text OLI_REPORT=rep.txt ./fp 900 10 0 0 >fp.out 2>fp.err || fail "run of fp (text report)"
  grep -q "^nothing placed: every object was below OLI_MIN_SIZE" rep.txt || { cat rep.txt >&2; fail "the text report on nothing placed"; }
  ;;
static-global) # registered globals (static-global.c): under a budget the static global filled and
  # read once goes to CXL, and so does the one with external linkage used the same way (another
  # file could touch it by name: its key, @shared, which no other module of the program uses);
  # the hot one stays interleaved; without a budget all three are
  cp "$SRC/static-global.c" . || fail "copy static-global.c"
  OLI_PASS_OPTIONS="root=$PWD" "$CLANG" -O2 -gline-tables-only -fpass-plugin="$PLUGIN" static-global.c \
    -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" -o sg || fail "compile static-global.c"
  for lim in 40M 0; do
    OLI_DRAM_LIMIT=$lim OLI_REPORT=rep-$lim.json ./sg >sg.out 2>sg.err || { cat sg.err >&2; fail "run of static-global"; }
  done
  python3 - rep-40M.json rep-0.json <<'PY' || fail "the runtime's static decisions for globals"
import json, sys
budget, none = ({s["name"]: s for s in json.load(open(p))["sites"]} for p in sys.argv[1:])
assert all(s["kind"] == "global" for s in budget.values()), budget
assert budget["once"]["decision"] == "cxl" and "cold (static estimate" in budget["once"]["reason"], budget["once"]
assert budget["shared"]["decision"] == "cxl" and "cold (static estimate" in budget["shared"]["reason"], budget["shared"]
assert budget["hot"]["decision"] == "interleave" and "streaming, hot" in budget["hot"]["reason"], budget["hot"]
assert all(s["decision"] == "interleave" for s in none.values()), none
PY
  ;;
*) fail "unknown case" ;;
esac
exit 0
