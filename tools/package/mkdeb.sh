#!/bin/sh
# tools/package/mkdeb.sh BUILD OUT - the Debian packages of a build (target `deb`):
#   liboli0      the runtime, by its SONAME (lib/<multiarch>/liboli.so.0*), shlibs, ldconfig trigger
#   liboli-dev   headers, liboli.a, the liboli.so link, oli.pc, the CMake package
#   oli          the oli command, oli-config, the pass plugin, man pages, docs, JSON Schemas,
#                oli-npb-apply (+ templates), oli-compare (+ LIB/oli/bench-numa-run)
#   liboli0-dbgsym, oli-dbgsym   the separate debug symbols (/usr/lib/debug/.build-id)
# from `cmake --install BUILD` with the prefix /usr into a staging tree: ELF files
# stripped as dh_strip does (debug symbols kept beside, linked by build ID), man
# pages and changelogs compressed with gzip -9n, copyright and changelog in every
# package's doc directory, md5sums, Depends from dpkg-shlibdeps, files root-owned.
# Lintian-clean (install/lintian). Needs dpkg-dev (dpkg-deb, dpkg-shlibdeps), binutils.
set -eu
[ $# -eq 2 ] || { echo "usage: mkdeb.sh BUILD OUT" >&2; exit 2; }
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cmake=${CMAKE:-cmake}
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
version=$(cache CMAKE_PROJECT_VERSION)
libdir=$(cache CMAKE_INSTALL_LIBDIR)
arch=$(dpkg --print-architecture)
major=${version%%.*}
case $libdir in
  lib/*-linux-*) ;;
  *) echo "mkdeb.sh: $build installs libraries to $libdir, not Debian's multiarch lib/<triplet>; configure with -DOLI_MULTIARCH=ON" >&2; exit 2 ;;
esac
maint="oli developers <oli-devel@example.org>"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oli-mkdeb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
stage=$tmp/stage
DESTDIR=$stage "$cmake" --install "$build" --prefix /usr >/dev/null

# pkg DIR NAME: an empty package tree
pkg() { mkdir -p "$tmp/$1/DEBIAN" "$tmp/$1/usr/share/doc/$1"; }
# take PKG PATH...: move staged paths (relative to /) into PKG's tree
take() {
  p=$1
  shift
  for f in "$@"; do
    [ -e "$stage/$f" ] || [ -L "$stage/$f" ] || { echo "mkdeb.sh: $f was not installed" >&2; exit 1; }
    mkdir -p "$tmp/$p/$(dirname "$f")"
    mv "$stage/$f" "$tmp/$p/$f"
  done
}
for p in liboli0 liboli-dev oli; do pkg $p; done
take liboli0 "usr/$libdir/liboli.so.$major" "usr/$libdir/liboli.so.$version"
take liboli-dev usr/include "usr/$libdir/liboli.a" "usr/$libdir/liboli.so" "usr/$libdir/pkgconfig" "usr/$libdir/cmake"
take oli usr/bin "usr/$libdir/oli" usr/share/man usr/share/oli
# the docs (README, docs/, ...) are the oli package's; their copyright is every package's
mv "$stage/usr/share/doc/oli"/* "$tmp/oli/usr/share/doc/oli/"
rmdir "$stage/usr/share/doc/oli"
left=$(cd "$stage" && find . ! -type d)
[ -z "$left" ] || { echo "mkdeb.sh: installed files in no package: $left" >&2; exit 1; }

# documentation: copyright and the changelog in each package, man pages compressed
for p in liboli0 liboli-dev oli; do
  d=$tmp/$p/usr/share/doc/$p
  cp "$here/copyright" "$d/copyright"
  gzip -9n <"$here/changelog" >"$d/changelog.gz"
done
find "$tmp/oli/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +

# strip as dh_strip does; the debug symbols go to PKG-dbgsym under /usr/lib/debug/.build-id
dbg() { # dbg PKG FILE KIND: KIND so|exe|a
  p=$1 f=$2
  if [ "$3" = a ]; then
    strip --strip-debug --remove-section=.comment --remove-section=.note --enable-deterministic-archives "$f"
    return
  fi
  id=$(readelf -n "$f" | sed -n 's/.*Build ID: *\([0-9a-f]*\).*/\1/p')
  [ -n "$id" ] || { echo "mkdeb.sh: $f has no build ID" >&2; exit 1; }
  dir=$tmp/$p-dbgsym/usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)
  mkdir -p "$dir"
  debug=$dir/$(echo "$id" | cut -c3-).debug
  objcopy --only-keep-debug --compress-debug-sections "$f" "$debug"
  chmod 0644 "$debug"
  if [ "$3" = so ]; then
    strip --remove-section=.comment --remove-section=.note --strip-unneeded "$f"
  else
    strip --remove-section=.comment --remove-section=.note "$f"
  fi
  objcopy --add-gnu-debuglink="$debug" "$f"
}
dbg liboli0 "$tmp/liboli0/usr/$libdir/liboli.so.$version" so
dbg liboli-dev "$tmp/liboli-dev/usr/$libdir/liboli.a" a
dbg oli "$tmp/oli/usr/bin/oli" exe
dbg oli "$tmp/oli/usr/$libdir/oli/OliPass.so" so
dbg oli "$tmp/oli/usr/$libdir/oli/bench-numa-run" exe

# control files
desc_lib="object-level interleaving for CXL memory - runtime library"
desc_dev="object-level interleaving for CXL memory - development files"
desc_oli="object-level interleaving for CXL memory - compiler plugin and tools"
long=" oli places each large, memory-intensive object of a C, C++ or Fortran
 program on local DRAM or on a per-object interleave of DRAM and CXL memory."
shlibs_of() { # dpkg-shlibdeps over PKG's ELF files, liboli from this build
  p=$1
  shift
  (cd "$tmp" && mkdir -p debian && : >debian/control &&
   dpkg-shlibdeps -O -l"$tmp/liboli0/usr/$libdir" -S"$tmp/liboli0" "$@" 2>/dev/null |
     sed -n 's/^shlibs:Depends=//p')
}
echo "liboli $major liboli0 (>= $version)" >"$tmp/liboli0/DEBIAN/shlibs"
echo "activate-noawait ldconfig" >"$tmp/liboli0/DEBIAN/triggers"
dep_lib=$(shlibs_of liboli0 "$tmp/liboli0/usr/$libdir/liboli.so.$version")
dep_oli=$(shlibs_of oli "$tmp/oli/usr/bin/oli" "$tmp/oli/usr/$libdir/oli/OliPass.so" "$tmp/oli/usr/$libdir/oli/bench-numa-run")
control() { # control PKG FIELDS...
  p=$1
  shift
  size=$(du -sk --exclude=DEBIAN "$tmp/$p" | cut -f1)
  {
    echo "Package: $p"
    echo "Source: oli"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Maintainer: $maint"
    echo "Installed-Size: $size"
    for fld in "$@"; do echo "$fld"; done
    echo "Homepage: https://oli.example.org/"
  } >"$tmp/$p/DEBIAN/control"
}
control liboli0 "Depends: $dep_lib" "Section: libs" "Priority: optional" "Multi-Arch: same" \
  "Description: $desc_lib
$long
 .
 This package holds liboli, the runtime that programs built with the oli
 plugin link."
control liboli-dev "Depends: liboli0 (= $version)" "Section: libdevel" "Priority: optional" "Multi-Arch: same" \
  "Description: $desc_dev
$long
 .
 This package holds the headers, the static library, pkg-config and CMake
 files (find_package(oli), oli_instrument())."
control oli "Depends: $dep_oli, liboli0 (= $version), clang-19, python3" "Recommends: liboli-dev (= $version), flang-19, pkg-config" \
  "Suggests: mpich, numactl" "Section: devel" "Priority: optional" \
  "Description: $desc_oli
$long
 .
 This package holds the LLVM 19 pass plugin that tags allocation sites,
 the oli command (sites, run, report, diff, plan, profile merge, calibrate),
 oli-config, the manual pages and the JSON Schemas of oli's documents, and
 for benchmarks of your own: oli-npb-apply (settings that build your copy of
 NPB or XSBench with the plugin) and oli-compare (one program under every
 placement policy and numactl, in one table)."
for p in liboli0 oli; do
  d=$tmp/$p-dbgsym
  [ -d "$d" ] || continue
  mkdir -p "$d/DEBIAN" "$d/usr/share/doc"
  ln -s "$p" "$d/usr/share/doc/$p-dbgsym"
  control "$p-dbgsym" "Depends: $p (= $version)" "Section: debug" "Priority: optional" \
    "Auto-Built-Package: debug-symbols" "Build-Ids: $(cd "$d/usr/lib/debug/.build-id" && ls ./*/*.debug | sed 's|^\./||; s|/||; s|\.debug$||' | tr '\n' ' ' | sed 's/ $//')" \
    "Description: debug symbols for $p"
  case $p in liboli0) echo "Multi-Arch: same" >>"$d/DEBIAN/control" ;; esac
done

# md5sums, modes, and the packages
for p in liboli0 liboli-dev oli liboli0-dbgsym oli-dbgsym; do
  [ -d "$tmp/$p" ] || continue
  (cd "$tmp/$p" && find . -type d -exec chmod 0755 {} + && find usr -type f -exec chmod go-w {} + &&
   find usr -type f ! -perm -u+x -exec chmod 0644 {} + &&
   find usr -type f -printf '%P\n' | LC_ALL=C sort | sed 's|^|usr/|' | xargs -r md5sum | sed 's|  usr/usr/|  usr/|' >DEBIAN/md5sums)
  chmod 0644 "$tmp/$p/DEBIAN"/*
  dpkg-deb --root-owner-group -Zxz --build "$tmp/$p" "$out/${p}_${version}_$arch.deb" >/dev/null
  echo "$out/${p}_${version}_$arch.deb"
done
