#!/usr/bin/env bash
# test-pgo.sh - CTest check that the profile-guided rebuild of the README works
# with npb-patches' settings on stand-in trees (standin.sh) with no `make
# clean`: NPB's and XSBench's makefiles rebuild an object only when its
# source changes, so a profile build after a plain one used to relink the
# plain objects (a "profile" binary that counted nothing) and a plan build
# after it was the profile binary without the plan. The settings keep a stamp
# of the pass options, the plan's contents and the plugin (oli-config
# --stamp) and remove the objects when it changes. Checked per tree, in
# order: plain build, profile build (oli sites: "profile build", the run
# counts accesses), plan build from a relative plan= (oli sites: "plan
# embedded", the run follows the plan), a changed plan (rebuilt), nothing
# changed (nothing rebuilt).
# Usage: test-pgo.sh OLI_CONFIG
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cfg=$1
[ -x "$cfg" ] || { echo "test-pgo: no oli-config at $cfg"; exit 77; }
[ -f "$("$cfg" --plugin)" ] || { echo "test-pgo: plugin not built"; exit 77; }
command -v flang-new-19 >/dev/null || { echo "test-pgo: flang-new-19 missing"; exit 77; }
oli=$(dirname "$cfg")/oli
[ -x "$oli" ] || { echo "test-pgo: no oli next to $cfg"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
log=$tmp/log
must() { "$@" >"$log" 2>&1 || { cat "$log"; fail "$*"; }; }
. "$here/standin.sh"
# build_lines BINARY: the lines of oli sites after the sites (how it was built), and its warnings
build_lines() { "$oli" sites "$1" 2>&1 | grep -v '^0x\|^ID\|^[0-9]* sites\?$' || true; }

# pgo NAME BINARY MAKE...: the README's steps with the settings of one tree
pgo() {
  local name=$1 bin=$2 top=$3
  shift 3
  must "$@"
  build_lines "$bin" >"$tmp/b" && grep -q '^plain build' "$tmp/b" || { cat "$tmp/b"; fail "$name: plain build: $(cat "$tmp/b")"; }
  # 1. profile build: every object rebuilt with profile-every
  OLI_PASS_OPTIONS='profile-every=64' must "$@"
  build_lines "$bin" >"$tmp/b"
  grep -q '^profile build: profile-every=64' "$tmp/b" && [ "$(wc -l <"$tmp/b")" -eq 1 ] ||
    { cat "$tmp/b"; fail "$name: the profile build is not one profile build (objects of the plain build kept)"; }
  # 2. profile run: access counts, no warning
  (cd "$top" && OLI_PROFILE="$top/$name.profile.json" "$bin") >"$log" 2>&1 || { cat "$log"; fail "$name: profile run"; }
  grep -q 'oli: warning' "$log" && { cat "$log"; fail "$name: profile run warns"; }
  grep -q '"access_source": "portable"' "$top/$name.profile.json" || fail "$name: the profile has no access counts"
  # 3. plan, then the plan build with a relative plan= (found against root=, the tree's top)
  must "$oli" plan "$top/$name.profile.json" --dram-limit 1M -o "$top/$name.plan.json"
  OLI_PASS_OPTIONS="plan=$name.plan.json" must "$@"
  build_lines "$bin" >"$tmp/b"
  grep -q "^plan embedded: $top/$name.plan.json" "$tmp/b" && ! grep -q 'profile build' "$tmp/b" ||
    { cat "$tmp/b"; fail "$name: the plan build is not a plan build"; }
  (cd "$top" && OLI_REPORT=stderr "$bin") >"$log" 2>&1 || { cat "$log"; fail "$name: plan run"; }
  grep -q 'oli: plan (embedded): [1-9][0-9]* sites\? matched' "$log" || { cat "$log"; fail "$name: the plan build ran without its plan"; }
  local h1
  h1=$("$oli" sites --json "$bin" | grep -o '"plan_hash": "[^"]*"')
  # 4. the plan file changed, the options did not: rebuilt with the new plan
  must "$oli" plan "$top/$name.profile.json" --dram-limit 0 -o "$top/$name.plan.json"
  OLI_PASS_OPTIONS="plan=$name.plan.json" must "$@"
  [ "$("$oli" sites --json "$bin" | grep -o '"plan_hash": "[^"]*"')" != "$h1" ] ||
    fail "$name: a changed plan file did not rebuild the objects"
  # 5. nothing changed: nothing recompiled
  OLI_PASS_OPTIONS="plan=$name.plan.json" must "$@"
  grep -q 'objects were removed\|flang-new-19 -c\|clang-19 .*-c ' "$log" && { cat "$log"; fail "$name: rebuilt with nothing changed"; }
  # 6. back to the plain build
  must "$@"
  build_lines "$bin" >"$tmp/b" && grep -q '^plain build' "$tmp/b" && [ "$(wc -l <"$tmp/b")" -eq 1 ] ||
    { cat "$tmp/b"; fail "$name: plain build after the plan build"; }
  echo "ok $name"
}

npb_fortran "$tmp/a/NPB3.4.3"
npb=$tmp/a/NPB3.4.3/NPB3.4-OMP
must "$here/apply.sh" --oli-config "$cfg" "$npb/.."
pgo cg "$npb/bin/cg.S.x" "$npb" make -C "$npb" CG CLASS=S

npb_c "$tmp/a/NPB3.3-OMP-C"
npc=$tmp/a/NPB3.3-OMP-C
must "$here/apply.sh" --oli-config "$cfg" "$npc"
pgo cgc "$npc/bin/cg.S.x" "$npc" make -C "$npc" cg CLASS=S

xsbench "$tmp/a/XSBench"
xs=$tmp/a/XSBench/openmp-threading
must "$here/apply.sh" --oli-config "$cfg" "$tmp/a/XSBench"
pgo xs "$xs/XSBench" "$xs" make -C "$xs" -f Makefile.oli
