#!/bin/sh
# unpack-twice.sh CLANG PLUGIN SRC [FLAGS...]: lays out the same small tree
# (an NPB-like benchmark directory with a shared common/, and a source tree
# with an object directory beside it) at two unrelated absolute paths outside
# any git checkout and build directory, compiles each file the way its build
# would (from its own directory, by the name the build gives it), and prints
# the site-record lines, tagged A or B. Used by id-stable-unpack-dir.c.
set -eu
clang=$1 plugin=$2 src=$3
shift 3
base=$(mktemp -d "${TMPDIR:-/tmp}/oli-unpack.XXXXXX")
trap 'rm -rf "$base"' EXIT
d=$base
while [ "$d" != / ]; do
  if [ -e "$d/.git" ]; then echo "unpack-twice: $d is a git checkout; set TMPDIR elsewhere"; exit 1; fi
  d=$(dirname "$d")
done
for t in A:"$base/one/NPB3.3-OMP-C" B:"$base/two/deeper/copy/NPB3.3-OMP-C"; do
  tag=${t%%:*} top=${t#*:}
  mkdir -p "$top/CG" "$top/common" "$top/proj/src" "$top/proj/obj"
  cp "$src" "$top/CG/cg.c"
  cp "$src" "$top/common/c_util.c"
  cp "$src" "$top/proj/src/x.c"
  ir() { "$clang" -fpass-plugin="$plugin" "$@" -S -emit-llvm -o - | grep 'section "oli_sites"' | sed "s/^/$tag /"; }
  (cd "$top/CG" && ir "$@" cg.c)                  # make in CG/: the file as given
  (cd "$top/CG" && cd ../common && ir "$@" c_util.c) # cd ../common; $(CC) -c c_util.c
  (cd "$top/proj/obj" && ir "$@" ../src/x.c)      # object directory beside the sources
  (cd "$top/proj/obj" && ir "$@" "$top/proj/src/x.c")  # the same by its absolute path
done
