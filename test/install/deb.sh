#!/bin/sh
# install/deb (test/install/CMakeLists.txt): builds the Debian packages of this
# build (tools/package/mkdeb.sh, the `deb` target: liboli0, liboli-dev, oli and
# their -dbgsym packages), checks their control fields (Depends from
# dpkg-shlibdeps, the exact version between them, clang-19; flang-19
# recommended; liboli0's shlibs and ldconfig trigger) and file lists
# (libraries in the multiarch directory, stripped, debug symbols by build ID),
# unpacks them into a scratch root with dpkg -x (what `apt-get install ./*.deb`
# would put under /), and runs the unpacked oli --version and oli-config
# --cflags, then builds and runs a program with the unpacked tree; its docs'
# relative links resolve (doc-links.sh) and every package has Debian's
# copyright file and changelog. Skipped with a reason without dpkg-deb or dpkg-shlibdeps.
# Environment: BUILD, SRC, CLANG, CMAKE, VERSION, LIBDIR.
set -u
fail() { echo "FAIL install/deb: $*" >&2; exit 1; }
command -v dpkg-deb >/dev/null || { echo "SKIP: dpkg-deb missing (not a Debian system)"; exit 77; }
command -v dpkg-shlibdeps >/dev/null || { echo "SKIP: dpkg-shlibdeps missing (package dpkg-dev; tools/install-deps.sh)"; exit 77; }
case $LIBDIR in lib/*-linux-*) ;; *) echo "SKIP: this build installs to $LIBDIR, not a multiarch directory (OLI_MULTIARCH=OFF)"; exit 77 ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oli-deb.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
show() { cat "$log" >&2; fail "$*"; }

CMAKE=$CMAKE sh "$SRC/../../tools/package/mkdeb.sh" "$BUILD" "$tmp/out" >"$log" 2>&1 || show "mkdeb.sh failed"
arch=$(dpkg --print-architecture)
for p in liboli0 liboli-dev oli liboli0-dbgsym oli-dbgsym; do
  [ -f "$tmp/out/${p}_${VERSION}_$arch.deb" ] || show "no ${p}_${VERSION}_$arch.deb written"
done
deb() { echo "$tmp/out/${1}_${VERSION}_$arch.deb"; }
field() { dpkg-deb -f "$(deb "$1")" "$2"; }
[ "$(field oli Version)" = "$VERSION" ] || fail "oli Version: $(field oli Version)"
depends=$(field oli Depends)
for d in clang-19 libc6 libdw1 "liboli0 (= $VERSION)"; do
  echo "$depends" | grep -qF "$d" || fail "oli Depends lacks $d: $depends"
done
echo "$depends" | grep -q "libnuma1" && fail "oli Depends has libnuma1, which nothing links: $depends"
field liboli0 Depends | grep -q "^libc6" || fail "liboli0 Depends: $(field liboli0 Depends)"
[ "$(field liboli-dev Depends)" = "liboli0 (= $VERSION)" ] || fail "liboli-dev Depends: $(field liboli-dev Depends)"
[ "$(field liboli0 Multi-Arch)" = same ] && [ "$(field liboli-dev Multi-Arch)" = same ] || fail "Multi-Arch: same missing"
field oli Recommends | grep -q "flang-19" || fail "oli Recommends lacks flang-19: $(field oli Recommends)"
dpkg-deb --ctrl-tarfile "$(deb liboli0)" | tar -xO ./shlibs >"$log" 2>&1
grep -qx "liboli ${VERSION%%.*} liboli0 (>= $VERSION)" "$log" || show "liboli0 shlibs"
dpkg-deb --ctrl-tarfile "$(deb liboli0)" | tar -xO ./triggers | grep -qx "activate-noawait ldconfig" || fail "liboli0: no ldconfig trigger"
files() { dpkg-deb -c "$(deb "$1")" | awk '{print $6}'; }
has() { files "$1" | grep -qx "$2" || fail "$1 lacks $2"; }
has liboli0 "./usr/$LIBDIR/liboli.so.$VERSION"
has liboli0 "./usr/$LIBDIR/liboli.so.${VERSION%%.*}"
for f in "./usr/$LIBDIR/liboli.so" "./usr/$LIBDIR/liboli.a" ./usr/include/oli/oli.h "./usr/$LIBDIR/pkgconfig/oli.pc" \
    "./usr/$LIBDIR/cmake/oli/oliConfig.cmake"; do has liboli-dev "$f"; done
for f in ./usr/bin/oli ./usr/bin/oli-config "./usr/$LIBDIR/oli/OliPass.so" ./usr/share/man/man1/oli.1.gz \
    ./usr/share/doc/oli/README.md ./usr/share/oli/schema/oli-report.schema.json; do has oli "$f"; done
for p in liboli0 liboli-dev oli; do has $p "./usr/share/doc/$p/copyright"; has $p "./usr/share/doc/$p/changelog.gz"; done
files oli-dbgsym | grep -q '^\./usr/lib/debug/\.build-id/[0-9a-f][0-9a-f]/[0-9a-f]*\.debug$' || fail "oli-dbgsym has no .build-id debug file"
# (share/doc/oli/test/README.md is the test page README links to, not a test)
{ files oli; files liboli-dev; files liboli0; } | grep -v "^\./usr/share/doc/oli/" | grep -q "/usr/local\|/test/\|/bin/bench\|/bin/test" &&
  fail "a package has files it should not"

root=$tmp/root
for p in liboli0 liboli-dev oli; do dpkg-deb -x "$(deb $p)" "$root" || fail "dpkg -x $p"; done
file -L "$root/usr/bin/oli" "$root/usr/$LIBDIR/liboli.so.$VERSION" | grep -q "not stripped" && fail "unstripped ELF files in the packages"
"$root/usr/bin/oli" --version >"$log" 2>&1 && grep -qx "oli $VERSION" "$log" || show "unpacked oli --version"
"$root/usr/bin/oli-config" --cflags >"$log" 2>&1 || show "unpacked oli-config --cflags"
grep -qx -- "-fpass-plugin=$root/usr/$LIBDIR/oli/OliPass.so -gline-tables-only -I$root/usr/include -I$root/usr/include/oli" "$log" ||
  show "unpacked oli-config --cflags does not name the unpacked tree"
DOCDIR=$root/usr/share/doc/oli sh "$SRC/doc-links.sh" >"$log" 2>&1 || show "the unpacked docs' links"
grep -q "prefix=/usr$" "$root/usr/$LIBDIR/pkgconfig/oli.pc" || fail "oli.pc prefix is not /usr: $(grep prefix= "$root/usr/$LIBDIR/pkgconfig/oli.pc")"
cd "$tmp" || exit 1
cp "$SRC/usage.c" .
cfg=$root/usr/bin/oli-config
# shellcheck disable=SC2046
"$CLANG" $("$cfg" --cflags) -O1 usage.c -o usage $("$cfg" --ldflags --libs) >"$log" 2>&1 || show "build with the unpacked tree"
readelf -d usage | grep -q "NEEDED.*liboli.so.${VERSION%%.*}" || fail "usage does not need liboli.so.${VERSION%%.*}"
"$root/usr/bin/oli" run --report usage.json -- ./usage >"$log" 2>&1 && grep -qx "liboli $VERSION" "$log" || show "run usage"
"$root/usr/bin/oli" report usage.json >"$log" 2>&1 && grep -q big "$log" || show "report of usage"
echo "ok install/deb (liboli0, liboli-dev, oli and -dbgsym $VERSION; oli Depends: $depends)"
