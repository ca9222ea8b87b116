#!/usr/bin/env bash
# apply.sh - configure a user's own unpacked copy of NPB 3.4 (Fortran, OpenMP),
# a C port of NPB, or XSBench to build with clang-19 / flang-new-19 and the oli
# pass plugin. No code of those suites is shipped or changed: this writes
#   NPB 3.4 / C ports: config/make.def (an existing one is kept as make.def.orig)
#   XSBench:           Makefile.oli next to its Makefile (which it includes)
#
#   npb-patches/apply.sh [--oli-config PATH] [--dry-run] DIR
#   oli-npb-apply [--oli-config PATH] [--dry-run] DIR      (the same, installed)
#
# DIR: NPB3.4.x/ or NPB3.4.x/NPB3.4-OMP/; a C port's top directory (the one with
# config/ and CG/); XSBench/ or XSBench/openmp-threading/ (or src/ of old releases).
# --oli-config: oli's oli-config script (default: oli-config on PATH, else the
# one installed beside oli-npb-apply, else build/bin/oli-config of this
# checkout). See npb-patches/README.md.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
me=$(basename "$0")
[ "$me" = apply.sh ] && me=npb-patches/apply.sh
# The settings' templates: beside this script in the source tree; installed
# (bin/oli-npb-apply), under share/oli/npb-patches/ of the same prefix.
templates=$here
[ -f "$templates/npb3.4-omp/make.def.in" ] || templates=$(cd "$here/.." && pwd)/share/oli/npb-patches

usage() {
  echo "usage: $me [--oli-config PATH] [--dry-run] DIR" >&2
  exit 2
}
die() { echo "$me: error: $*" >&2; exit 2; }
[ -f "$templates/npb3.4-omp/make.def.in" ] || die "the settings' templates are not in $templates (a partial install?)"

oli_config=
dry=0
dir=
while [ $# -gt 0 ]; do
  case "$1" in
    --oli-config) [ $# -ge 2 ] || usage; oli_config=$2; shift 2 ;;
    --oli-config=*) oli_config=${1#*=}; shift ;;
    --dry-run) dry=1; shift ;;
    -h|--help) usage ;;
    -*) die "unknown option '$1'; accepted: --oli-config PATH, --dry-run" ;;
    *) [ -z "$dir" ] || usage; dir=$1; shift ;;
  esac
done
[ -n "$dir" ] || usage
[ -d "$dir" ] || die "'$dir' is not a directory"
dir=$(cd "$dir" && pwd)

if [ -z "$oli_config" ]; then
  if command -v oli-config >/dev/null 2>&1; then
    oli_config=$(command -v oli-config)
  elif [ -x "$here/oli-config" ]; then
    oli_config=$here/oli-config # installed: bin/oli-npb-apply beside bin/oli-config
  else
    for b in "$here"/../build "$here"/../build-*; do
      if [ -x "$b/bin/oli-config" ]; then oli_config=$(cd "$b/bin" && pwd)/oli-config; break; fi
    done
  fi
fi
[ -n "$oli_config" ] || die "no oli-config found: build oli first (tools/dev.sh build) or pass --oli-config PATH"
[ -x "$oli_config" ] || die "--oli-config '$oli_config' is not an executable file"
oli_config=$(cd "$(dirname "$oli_config")" && pwd)/$(basename "$oli_config") # make.def runs it from elsewhere
plugin=$("$oli_config" --plugin)
[ -f "$plugin" ] || echo "$me: warning: the plugin $plugin does not exist yet (build oli before the benchmarks)" >&2

# True when one of the arguments (glob results) exists.
any() { local f; for f in "$@"; do [ -e "$f" ] && return 0; done; return 1; }

# What is DIR?
kind=
target=
if [ -f "$dir/XSbench_header.h" ] && [ -f "$dir/Makefile" ]; then
  kind=xsbench; target=$dir
else
  for sub in openmp-threading src; do
    if [ -f "$dir/$sub/XSbench_header.h" ] && [ -f "$dir/$sub/Makefile" ]; then
      kind=xsbench; target=$dir/$sub; break
    fi
  done
fi
if [ -z "$kind" ]; then
  top=$dir
  [ -d "$dir/NPB3.4-OMP/config" ] && top=$dir/NPB3.4-OMP
  if [ -d "$top/config" ] && [ -d "$top/sys" ]; then
    if any "$top"/CG/*.f90 "$top"/CG/*.f; then
      kind=npb-fortran; target=$top
    elif any "$top"/CG/*.c; then
      kind=npb-c; target=$top
    fi
  fi
fi
if [ -z "$kind" ]; then
  die "'$dir' does not look like NPB or XSBench: expected config/ + sys/ + CG/*.f90 (NPB 3.4, or its NPB3.4-OMP/), config/ + sys/ + CG/*.c (a C port), or XSbench_header.h + Makefile (XSBench, openmp-threading/ or src/)"
fi
if [ "$kind" = npb-fortran ] && [ "$(basename "$target")" != NPB3.4-OMP ]; then
  case "$target" in
    *MPI*|*SER*) echo "$me: note: $target is not NPB3.4-OMP; the settings assume OpenMP (drop -fopenmp for SER; MPI needs FC=mpif90 with MPICH_FC=flang-new-19)" >&2 ;;
  esac
fi

case "$kind" in
  npb-fortran) template=$templates/npb3.4-omp/make.def.in; out=$target/config/make.def ;;
  npb-c) template=$templates/npb-c/make.def.in; out=$target/config/make.def ;;
  xsbench) template=$templates/xsbench/Makefile.oli.in; out=$target/Makefile.oli ;;
esac

content=$(sed "s|@OLI_CONFIG@|$oli_config|g" "$template")
echo "$me: $target is $kind; writing $out (oli-config: $oli_config)"
if [ "$dry" = 1 ]; then
  printf '%s\n' "$content"
  exit 0
fi
if [ -f "$out" ] && ! grep -q "npb-patches/apply.sh" "$out"; then
  [ -e "$out.orig" ] || cp -p "$out" "$out.orig"
  echo "$me: kept the previous $(basename "$out") as $(basename "$out").orig"
fi
printf '%s\n' "$content" > "$out"

# NPB's top Makefile runs sys/print_header (and print_instructions) directly;
# some distributed trees have them without the exec bit ("Permission denied").
if [ "$kind" != xsbench ]; then
  for f in "$target"/sys/print_header "$target"/sys/print_instructions; do
    if [ -f "$f" ] && [ ! -x "$f" ]; then
      chmod +x "$f" && echo "$me: made sys/$(basename "$f") executable (the top Makefile runs it)"
    fi
  done
fi
oli_bin=$(dirname "$oli_config")/oli
[ -x "$oli_bin" ] || oli_bin=oli

case "$kind" in
  npb-fortran)
    cat <<EOF
next:
  cd $target
  make CG CLASS=A                  # bin/cg.A.x, compiled with the oli plugin, linked with liboli
  OLI_REPORT=cg.json bin/cg.A.x    # run; the report lists every object and where it went
  $oli_bin report cg.json
  make CG CLASS=A OLI=0            # plain flang build for comparison: bin-plain/cg.A.x
EOF
    ;;
  npb-c)
    cat <<EOF
next:
  cd $target
  make cg CLASS=A                  # bin/cg.A.x with the oli plugin and liboli
  OLI_REPORT=cg.json bin/cg.A.x
  $oli_bin report cg.json
  make cg CLASS=A OLI=0            # plain clang build for comparison: bin-plain/cg.A.x
EOF
    ;;
  xsbench)
    cat <<EOF
next:
  cd $target
  make -f Makefile.oli             # XSBench with the oli plugin and liboli
  OLI_REPORT=xs.json ./XSBench -s small -m event
  $oli_bin report xs.json
EOF
    ;;
esac
