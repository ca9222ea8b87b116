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
sites_of() { "$oli" sites "$1" 2>&1 | grep -v '^ID\|sites$' | sort; }
# has_sym BINARY PATTERN: nm lists a symbol matching PATTERN (no pipe into
# grep -q, which pipefail would turn into a failure)
has_sym() { nm "$1" >"$tmp/nm" 2>&1 && grep -q "$2" "$tmp/nm"; }

# --- pieces shared by both NPB stand-ins --------------------------------------
# npb_common TOP LANG: the top Makefile, sys/ (make.common, a setparams-like
# config step, print_header without its exec bit, as some tarballs have it).
npb_common() {
  local top=$1 lang=$2
  mkdir -p "$top/config" "$top/sys" "$top/common" "$top/CG" "$top/bin"
  echo "# stand-in make.def template" >"$top/config/make.def.template"
  cat >"$top/Makefile" <<'MK'
SHELL=/bin/sh
CLASS=U
default: header
CG: cg
cg: header
	cd CG; $(MAKE) CLASS=$(CLASS)
header:
	@ sys/print_header
MK
  printf '#! /bin/sh\necho "   ==== stand-in benchmark build ===="\n' >"$top/sys/print_header"
  chmod 644 "$top/sys/print_header"
  if [ "$lang" = f90 ]; then
    cat >"$top/sys/make.common" <<'MK'
PROGRAM  = $(BINDIR)/$(BENCHMARK).$(CLASS).x
FCOMPILE = $(FC) -c $(F_INC) $(FFLAGS)
CLASS=U
default:: ${PROGRAM}
config:
	@printf '      integer, parameter :: na = %d\n' $$(case $(CLASS) in S) echo 400000;; *) echo 800000;; esac) >npbparams.h.new
	@cmp -s npbparams.h.new npbparams.h 2>/dev/null && rm -f npbparams.h.new || mv npbparams.h.new npbparams.h
COMMON=../common
${COMMON}/timers.o: ${COMMON}/timers.f90
	cd ${COMMON}; ${FCOMPILE} timers.f90
MK
    cat >"$top/common/timers.f90" <<'F90'
subroutine timer_now(t)
  double precision, intent(out) :: t
  integer(8) :: c, r
  call system_clock(c, r)
  t = dble(c) / dble(r)
end subroutine timer_now
F90
  else
    cat >"$top/sys/make.common" <<'MK'
PROGRAM  = $(BINDIR)/$(BENCHMARK).$(CLASS).x
CCOMPILE = $(CC) -c $(C_INC) $(CFLAGS)
CLASS=U
default:: ${PROGRAM}
config:
	@printf '#define NA %d\n' $$(case $(CLASS) in S) echo 400000;; *) echo 800000;; esac) >npbparams.h.new
	@cmp -s npbparams.h.new npbparams.h 2>/dev/null && rm -f npbparams.h.new || mv npbparams.h.new npbparams.h
COMMON=../common
${COMMON}/c_timers.o: ${COMMON}/c_timers.c
	cd ${COMMON}; ${CCOMPILE} c_timers.c
MK
    cat >"$top/common/type.h" <<'C'
#ifndef STANDIN_TYPE_H
#define STANDIN_TYPE_H
typedef enum { false, true } logical;
#endif
C
    cat >"$top/common/c_timers.c" <<'C'
#include <time.h>
#include "type.h"
double timer_now(logical wall) {
  struct timespec ts;
  clock_gettime(wall ? CLOCK_REALTIME : CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}
C
  fi
}

# NPB 3.4 Fortran stand-in at DIR (DIR/NPB3.4-OMP/...).
npb_fortran() {
  local top=$1/NPB3.4-OMP
  npb_common "$top" f90
  cat >"$top/CG/cg.f90" <<'F90'
module cgdata
  double precision, allocatable :: colvals(:)
end module cgdata
program cgstub
  use cgdata
  implicit none
  include 'npbparams.h'
  integer :: i
  double precision :: t
  call timer_now(t)
  allocate (colvals(na))
  !$omp parallel do
  do i = 1, size(colvals)
    colvals(i) = i
  end do
  print '(a,f0.1)', 'sum ', sum(colvals)
end program cgstub
F90
  cat >"$top/CG/Makefile" <<'MK'
SHELL=/bin/sh
BENCHMARK=cg
include ../config/make.def
OBJS = cg.o ${COMMON}/timers.o
include ../sys/make.common
${PROGRAM}: config ${OBJS}
	${FLINK} ${FLINKFLAGS} -o ${PROGRAM} ${OBJS} ${F_LIB}
%.o: %.f90
	${FCOMPILE} $<
cg.o: cg.f90 npbparams.h
MK
}

# C port stand-in at DIR (the port's top directory).
npb_c() {
  local top=$1
  npb_common "$top" c
  cat >"$top/CG/globals.h" <<'C'
#include "type.h"
#include "npbparams.h"
double timer_now(logical wall);
C
  cat >"$top/CG/cg.c" <<'C'
#include <stdio.h>
#include "globals.h"
static double big_static[NA];
int main(void) {
  double s = 0, t0 = timer_now(true);
  for (int i = 0; i < NA; i++) big_static[i] = i, s += big_static[i];
  printf("sum %.1f (%s)\n", s, timer_now(true) >= t0 ? "ok" : "clock");
  return 0;
}
C
  cat >"$top/CG/Makefile" <<'MK'
SHELL=/bin/sh
BENCHMARK=cg
include ../config/make.def
OBJS = cg.o ${COMMON}/c_timers.o
include ../sys/make.common
${PROGRAM}: config ${OBJS}
	${CLINK} ${CLINKFLAGS} -o ${PROGRAM} ${OBJS} ${C_LIB}
.c.o:
	${CCOMPILE} $<
cg.o: cg.c globals.h npbparams.h
MK
}

# XSBench stand-in at DIR (DIR/openmp-threading/...): grids in a struct.
xsbench() {
  local xs=$1/openmp-threading
  mkdir -p "$xs"
  cat >"$xs/XSbench_header.h" <<'C'
#include <stdlib.h>
typedef struct {
  long length_nuclide_grid;
  double *nuclide_grid;
  double *unionized_energy_array;
} SimulationData;
SimulationData grid_init_do_not_profile(long n);
C
  cat >"$xs/GridInit.c" <<'C'
#include "XSbench_header.h"
SimulationData grid_init_do_not_profile(long n) {
  SimulationData SD;
  SD.length_nuclide_grid = n;
  SD.nuclide_grid = (double *) malloc(n * sizeof(double));
  SD.unionized_energy_array = (double *) malloc(2 * n * sizeof(double));
  for (long i = 0; i < n; i++) SD.nuclide_grid[i] = i;
  for (long i = 0; i < 2 * n; i++) SD.unionized_energy_array[i] = 0.5 * i;
  return SD;
}
C
  cat >"$xs/Main.c" <<'C'
#include <stdio.h>
#include "XSbench_header.h"
int main(void) {
  SimulationData SD = grid_init_do_not_profile(1 << 20);
  printf("%.1f\n", SD.nuclide_grid[12345] + SD.unionized_energy_array[2]);
  return 0;
}
C
  cat >"$xs/Makefile" <<'MK'
CC ?= gcc
program = XSBench
source = Main.c GridInit.c
obj = $(source:.c=.o)
CFLAGS := -std=gnu99 -Wall
LDFLAGS = -lm
ifneq (,$(findstring clang,$(CC)))
  CFLAGS += -fopenmp -flto
endif
$(program): $(obj) XSbench_header.h Makefile
	$(CC) $(CFLAGS) $(obj) -o $@ $(LDFLAGS)
%.o: %.c XSbench_header.h Makefile
	$(CC) $(CFLAGS) -c $< -o $@
MK
}

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
