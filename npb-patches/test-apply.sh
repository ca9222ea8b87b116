#!/usr/bin/env bash
# test-apply.sh - CTest check of apply.sh on stand-in trees shaped like NPB 3.4
# (Fortran), a C port of NPB (SNU NPB3.3-OMP-C) and XSBench: our own few-line
# programs and makefiles, laid out and driven the way the suites' own are
# (a top Makefile that runs sys/print_header, sys/make.common with the
# compile rules, common/ objects built from the benchmark directory, objects
# that do not depend on make.def, headers in common/, XSBench's struct of
# grids), but no code of the suites. They reproduce what went wrong with the
# real suites (npb-patches/README.md, "How this was checked"):
#   - sys/print_header shipped without its exec bit;
#   - the C port's globals.h including common/type.h (C_INC);
#   - make OLI=0 after an OLI=1 build (and the reverse) reusing the objects;
#   - site IDs that change with the directory the tree was unpacked in;
#   - XSBench's grids, stored into fields of a local struct, without names.
# Usage: test-apply.sh OLI_CONFIG
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cfg=$1
[ -x "$cfg" ] || { echo "test-apply: no oli-config at $cfg"; exit 77; }
[ -f "$("$cfg" --plugin)" ] || { echo "test-apply: plugin not built"; exit 77; }
command -v flang-new-19 >/dev/null || { echo "test-apply: flang-new-19 missing"; exit 77; }
oli=$(dirname "$cfg")/oli
[ -x "$oli" ] || { echo "test-apply: no oli next to $cfg"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
log=$tmp/log
# must CMD...: run, keep the output in $log, fail with it shown
must() { "$@" >"$log" 2>&1 || { cat "$log"; fail "$*"; }; }
sites_of() { "$oli" sites "$1" 2>&1 | grep '^0x' | sort; }
# has_sym BINARY PATTERN: nm lists a symbol matching PATTERN (no pipe into
# grep -q, which pipefail would turn into a failure)
has_sym() { nm "$1" >"$tmp/nm" 2>&1 && grep -q "$2" "$tmp/nm"; }

# The stand-in trees: npb_fortran DIR, npb_c DIR, xsbench DIR.
. "$here/standin.sh"

# oli_and_plain BIN PLAIN MAKE...: the oli build, then OLI=0 (plain binary in
# PLAIN, no __oli_), then OLI=1 again (sites back): objects never shared.
oli_and_plain() {
  local bin=$1 plain=$2
  shift 2
  must "$@" OLI=0
  [ -x "$plain" ] || fail "OLI=0 after OLI=1 wrote no $plain"
  has_sym "$plain" __oli_ && fail "OLI=0 after OLI=1: $plain still references __oli_ (objects reused)"
  must "$@"
  has_sym "$bin" __oli_init || fail "OLI=1 after OLI=0: $bin has no sites (plain objects reused)"
  [ "$(sites_of "$bin" | wc -l)" -gt 0 ] || fail "OLI=1 after OLI=0: oli sites $bin lists nothing"
}

# --- NPB 3.4 (Fortran, OpenMP) ---------------------------------------------------
npb_fortran "$tmp/a/NPB3.4.3"
npb=$tmp/a/NPB3.4.3/NPB3.4-OMP
out=$("$here/apply.sh" --oli-config "$cfg" "$npb/..") && grep -q "is npb-fortran" <<<"$out" || fail "NPB 3.4 not detected"
grep -q "FC *= flang-new-19" "$npb/config/make.def" || fail "make.def has no FC = flang-new-19"
[ -x "$npb/sys/print_header" ] || fail "apply.sh left sys/print_header without its exec bit"
grep -q "$oli report cg.json" <<<"$out" || fail "apply.sh's next steps do not name $oli: $out"
must make -C "$npb" CG CLASS=S
rep=$(OLI_REPORT=stderr "$npb/bin/cg.S.x" 2>&1) && grep -q "cg.f90:.*colvals" <<<"$rep" ||
  fail "NPB stand-in report does not name colvals at cg.f90:LINE: $rep"
sites_of "$npb/bin/cg.S.x" | grep -q "CG/cg.f90:[0-9]* .*colvals" || fail "NPB site path is not CG/cg.f90 (root= the tree)"
oli_and_plain "$npb/bin/cg.S.x" "$npb/bin-plain/cg.S.x" make -C "$npb" CG CLASS=S
# plain first in a fresh tree, then the oli build
npb_fortran "$tmp/p/NPB3.4.3"
must "$here/apply.sh" --oli-config "$cfg" "$tmp/p/NPB3.4.3"
must make -C "$tmp/p/NPB3.4.3/NPB3.4-OMP" CG CLASS=S OLI=0
must make -C "$tmp/p/NPB3.4.3/NPB3.4-OMP" CG CLASS=S
has_sym "$tmp/p/NPB3.4.3/NPB3.4-OMP/bin/cg.S.x" __oli_init || fail "OLI=1 after a first OLI=0 build has no sites"
# the same tree unpacked elsewhere: the same IDs
npb_fortran "$tmp/other/place/NPB3.4.3"
must "$here/apply.sh" --oli-config "$cfg" "$tmp/other/place/NPB3.4.3"
must make -C "$tmp/other/place/NPB3.4.3/NPB3.4-OMP" CG CLASS=S
diff <(sites_of "$npb/bin/cg.S.x") <(sites_of "$tmp/other/place/NPB3.4.3/NPB3.4-OMP/bin/cg.S.x") >"$log" ||
  { cat "$log"; fail "NPB stand-in: site IDs differ between two unpack directories"; }
echo "ok npb3.4-omp"

# --- C port (SNU NPB3.3-OMP-C) ----------------------------------------------------
npc=$tmp/a/NPB3.3-OMP-C
npb_c "$npc"
out=$("$here/apply.sh" --oli-config "$cfg" "$npc") && grep -q "is npb-c" <<<"$out" || fail "C port not detected"
must make -C "$npc" cg CLASS=S
rep=$(OLI_REPORT=stderr "$npc/bin/cg.S.x" 2>&1) && grep -q "big_static" <<<"$rep" || fail "C port report does not name big_static: $rep"
oli_and_plain "$npc/bin/cg.S.x" "$npc/bin-plain/cg.S.x" make -C "$npc" cg CLASS=S
npb_c "$tmp/other/NPB3.3-OMP-C"
must "$here/apply.sh" --oli-config "$cfg" "$tmp/other/NPB3.3-OMP-C"
must make -C "$tmp/other/NPB3.3-OMP-C" cg CLASS=S
diff <(sites_of "$npc/bin/cg.S.x") <(sites_of "$tmp/other/NPB3.3-OMP-C/bin/cg.S.x") >"$log" ||
  { cat "$log"; fail "C port stand-in: site IDs differ between two unpack directories"; }
echo "ok npb-c"

# --- XSBench ------------------------------------------------------------------------
xsbench "$tmp/a/XSBench"
xs=$tmp/a/XSBench/openmp-threading
out=$("$here/apply.sh" --oli-config "$cfg" "$tmp/a/XSBench") && grep -q "is xsbench" <<<"$out" || fail "XSBench not detected"
must make -C "$xs" -f Makefile.oli
rep=$(OLI_REPORT=stderr "$xs/XSBench" 2>&1) || fail "XSBench stand-in did not run: $rep"
grep -q "GridInit.c:5 .*SD.nuclide_grid" <<<"$rep" && grep -q "SD.unionized_energy_array" <<<"$rep" ||
  fail "XSBench report does not name SD.nuclide_grid at GridInit.c:5 and SD.unionized_energy_array: $rep"
cp "$xs/XSBench" "$tmp/xs-oli"
must make -C "$xs" -f Makefile.oli OLI=0
has_sym "$xs/XSBench" __oli_ && fail "XSBench OLI=0 after OLI=1 still references __oli_"
must make -C "$xs" -f Makefile.oli
has_sym "$xs/XSBench" __oli_init || fail "XSBench OLI=1 after OLI=0 has no sites"
xsbench "$tmp/b/XSBench"
must "$here/apply.sh" --oli-config "$cfg" "$tmp/b/XSBench"
must make -C "$tmp/b/XSBench/openmp-threading" -f Makefile.oli
diff <(sites_of "$tmp/xs-oli") <(sites_of "$tmp/b/XSBench/openmp-threading/XSBench") >"$log" ||
  { cat "$log"; fail "XSBench stand-in: site IDs differ between two unpack directories"; }
echo "ok xsbench"

# --- bad input ---------------------------------------------------------------------
mkdir -p "$tmp/other-dir"
set +e
msg=$("$here/apply.sh" --oli-config "$cfg" "$tmp/other-dir" 2>&1); rc=$?
set -e
[ $rc -eq 2 ] && echo "$msg" | grep -q "does not look like NPB or XSBench" || fail "bad directory: status $rc, '$msg'"
echo "ok bad-input"
