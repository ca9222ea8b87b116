#!/usr/bin/env bash
# test-apply.sh - CTest check of apply.sh on stand-in trees shaped like NPB 3.4,
# a C port of NPB and XSBench (our own few-line programs and makefiles that use
# the suites' documented variables; no code of the suites). Each tree is
# configured, built with the plugin and liboli, and run with OLI_REPORT; the
# report must list the program's array. Usage: test-apply.sh OLI_CONFIG
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cfg=$1
[ -x "$cfg" ] || { echo "test-apply: no oli-config at $cfg"; exit 77; }
[ -f "$("$cfg" --plugin)" ] || { echo "test-apply: plugin not built"; exit 77; }
command -v flang-new-19 >/dev/null || { echo "test-apply: flang-new-19 missing"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# --- NPB 3.4 (Fortran, OpenMP) stand-in -------------------------------------
npb=$tmp/NPB3.4.3/NPB3.4-OMP
mkdir -p "$npb/config" "$npb/sys" "$npb/CG" "$npb/bin"
echo "# stand-in" > "$npb/config/make.def.template"
cat > "$npb/CG/cg.f90" <<'F90'
module cgdata
  double precision, allocatable :: colvals(:)
end module cgdata
program cgstub
  use cgdata
  integer :: i
  allocate (colvals(400000))
  !$omp parallel do
  do i = 1, size(colvals)
    colvals(i) = i
  end do
  print '(a,f0.1)', 'sum ', sum(colvals)
end program cgstub
F90
cat > "$npb/CG/Makefile" <<'MK'
include ../config/make.def
$(BINDIR)/cg.S.x: cg.f90 ../config/make.def
	$(FC) -c $(F_INC) $(FFLAGS) cg.f90
	$(FLINK) $(FLINKFLAGS) -o $@ cg.o $(F_LIB)
MK
out=$("$here/apply.sh" --oli-config "$cfg" "$npb/..") && grep -q "is npb-fortran" <<<"$out" || fail "NPB 3.4 not detected"
grep -q "FC *= flang-new-19" "$npb/config/make.def" || fail "make.def has no FC = flang-new-19"
make -s -C "$npb/CG" >/dev/null || fail "NPB stand-in did not build with the plugin"
rep=$(OLI_REPORT=stderr "$npb/bin/cg.S.x" 2>&1) && grep -q "cg.f90:.*colvals" <<<"$rep" || fail "NPB stand-in report does not name colvals at cg.f90:LINE"
rm -f "$npb/CG/cg.o" "$npb/bin/cg.S.x"
make -s -C "$npb/CG" OLI=0 >/dev/null || fail "NPB stand-in did not build with OLI=0"
nm "$npb/bin/cg.S.x" | grep -q __oli_ && fail "OLI=0 build still references __oli_"
echo "ok npb3.4-omp"

# --- C port stand-in -----------------------------------------------------------
npc=$tmp/NPB3.3-OMP-C
mkdir -p "$npc/config" "$npc/sys" "$npc/CG" "$npc/bin"
cat > "$npc/CG/cg.c" <<'C'
#include <stdio.h>
static double big_static[1 << 19];
int main(void) {
  double s = 0;
  for (int i = 0; i < (1 << 19); i++) big_static[i] = i, s += big_static[i];
  printf("sum %.1f\n", s);
  return 0;
}
C
cat > "$npc/CG/Makefile" <<'MK'
include ../config/make.def
$(BINDIR)/cg.S.x: cg.c ../config/make.def
	$(CC) -c $(C_INC) $(CFLAGS) cg.c
	$(CLINK) $(CLINKFLAGS) -o $@ cg.o $(C_LIB)
MK
out=$("$here/apply.sh" --oli-config "$cfg" "$npc") && grep -q "is npb-c" <<<"$out" || fail "C port not detected"
make -s -C "$npc/CG" >/dev/null || fail "C port stand-in did not build"
rep=$(OLI_REPORT=stderr "$npc/bin/cg.S.x" 2>&1) && grep -q "big_static" <<<"$rep" || fail "C port report does not name big_static"
echo "ok npb-c"

# --- XSBench stand-in ------------------------------------------------------------
xs=$tmp/XSBench/openmp-threading
mkdir -p "$xs"
echo "/* stand-in */" > "$xs/XSbench_header.h"
cat > "$xs/Main.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "XSbench_header.h"
static double *energy_grid;
int main(void) {
  energy_grid = malloc(8u << 20);
  for (long i = 0; i < (1 << 20); i++) energy_grid[i] = i;
  printf("%f\n", energy_grid[12345]);
  return 0;
}
C
cat > "$xs/Makefile" <<'MK'
CC ?= gcc
CFLAGS := -std=gnu99 -Wall
LDFLAGS = -lm
ifneq (,$(findstring clang,$(CC)))
  CFLAGS += -fopenmp -flto
endif
XSBench: Main.o
	$(CC) $(CFLAGS) Main.o -o $@ $(LDFLAGS)
%.o: %.c XSbench_header.h Makefile
	$(CC) $(CFLAGS) -c $< -o $@
MK
out=$("$here/apply.sh" --oli-config "$cfg" "$tmp/XSBench") && grep -q "is xsbench" <<<"$out" || fail "XSBench not detected"
make -s -C "$xs" -f Makefile.oli >/dev/null || fail "XSBench stand-in did not build"
rep=$(OLI_REPORT=stderr "$xs/XSBench" 2>&1) && grep -q "Main.c:.*energy_grid" <<<"$rep" || fail "XSBench report does not name energy_grid"
echo "ok xsbench"

# --- bad input ---------------------------------------------------------------------
mkdir -p "$tmp/other"
set +e
msg=$("$here/apply.sh" --oli-config "$cfg" "$tmp/other" 2>&1); rc=$?
set -e
[ $rc -eq 2 ] && echo "$msg" | grep -q "does not look like NPB or XSBench" || fail "bad directory: status $rc, '$msg'"
echo "ok bad-input"
