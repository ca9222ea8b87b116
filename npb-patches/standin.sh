# standin.sh - sourced by test-apply.sh and test-pgo.sh: stand-in trees shaped
# like NPB 3.4 (Fortran), a C port of NPB (SNU NPB3.3-OMP-C) and XSBench, our
# own few-line programs and makefiles laid out and driven the way the suites'
# own are (a top Makefile that runs sys/print_header, sys/make.common with the
# compile rules, common/ objects built from the benchmark directory, objects
# that do not depend on make.def, headers in common/, XSBench's struct of
# grids), but no code of the suites.
#   npb_fortran DIR   DIR/NPB3.4-OMP/{Makefile,sys,config,common,CG}
#   npb_c DIR         DIR/{Makefile,sys,config,common,CG} (C port)
#   xsbench DIR       DIR/openmp-threading/{Makefile,*.c,*.h}

# --- pieces shared by both NPB stand-ins --------------------------------------
# npb_common TOP LANG: the top Makefile, sys/ (make.common, a setparams-like
# config step, print_header without its exec bit, as some tarballs have it).
# No bin/: a git checkout of NPB has none (git keeps no empty directory).
npb_common() {
  local top=$1 lang=$2
  mkdir -p "$top/config" "$top/sys" "$top/common" "$top/CG"
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
