#!/bin/sh
# install/deb (test/install/CMakeLists.txt): builds the Debian package of this
# build with CPack (cpack -G DEB), checks its control fields (the run-time
# dependencies come from dpkg-shlibdeps, plus clang-19; flang-19 recommended)
# and file list, unpacks it into a scratch root with dpkg -x (what
# `apt-get install ./oli_*.deb` would put under /), and runs the unpacked
# oli --version and oli-config --cflags, then builds and runs a program with
# the unpacked tree; its docs' relative links resolve (doc-links.sh) and it
# has Debian's copyright file. Skipped with a reason without dpkg-deb or dpkg-shlibdeps.
# Environment: BUILD, SRC, CLANG, CPACK, VERSION.
set -u
fail() { echo "FAIL install/deb: $*" >&2; exit 1; }
command -v dpkg-deb >/dev/null || { echo "SKIP: dpkg-deb missing (not a Debian system)"; exit 77; }
command -v dpkg-shlibdeps >/dev/null || { echo "SKIP: dpkg-shlibdeps missing (package dpkg-dev; tools/install-deps.sh)"; exit 77; }
[ -x "$CPACK" ] || { echo "SKIP: cpack missing"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oli-deb.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
show() { cat "$log" >&2; fail "$*"; }

(cd "$BUILD" && "$CPACK" -G DEB -B "$tmp/out" --config "$BUILD/CPackConfig.cmake") >"$log" 2>&1 || show "cpack -G DEB failed"
set -- "$tmp"/out/oli_"$VERSION"_*.deb
[ -f "$1" ] || show "no oli_${VERSION}_ARCH.deb written"
deb=$1
dpkg-deb -f "$deb" Package Version Depends Recommends >"$tmp/control" || fail "dpkg-deb -f"
grep -qx "Package: oli" "$tmp/control" && grep -qx "Version: $VERSION" "$tmp/control" || { cat "$tmp/control"; fail "Package/Version"; }
depends=$(sed -n 's/^Depends: //p' "$tmp/control")
for d in clang-19 libc6; do
  echo "$depends" | grep -q "\(^\|, \)$d\( \|,\|$\)" || fail "Depends lacks $d: $depends"
done
# libnuma1 exactly when liboli links libnuma
if readelf -d "$BUILD/lib/liboli.so" | grep -q 'NEEDED.*libnuma'; then
  echo "$depends" | grep -q "libnuma1" || fail "liboli links libnuma but Depends lacks libnuma1: $depends"
else
  echo "$depends" | grep -q "libnuma1" && fail "Depends has libnuma1, which liboli does not link: $depends"
fi
grep -q "^Recommends: .*flang-19" "$tmp/control" || { cat "$tmp/control"; fail "Recommends lacks flang-19"; }
dpkg-deb -c "$deb" >"$tmp/files" || fail "dpkg-deb -c"
for f in ./usr/bin/oli ./usr/bin/oli-config "./usr/lib/liboli.so.$VERSION" ./usr/lib/oli/OliPass.so \
    ./usr/include/oli/oli.h ./usr/lib/pkgconfig/oli.pc ./usr/lib/cmake/oli/oliConfig.cmake \
    ./usr/share/man/man1/oli.1 ./usr/share/doc/oli/README.md ./usr/share/doc/oli/copyright; do
  grep -q " $f\( \|$\)" "$tmp/files" || fail "package lacks $f"
done
# (share/doc/oli/test/README.md is the test page README links to, not a test)
grep -v " ./usr/share/doc/oli/" "$tmp/files" >"$tmp/nondoc"
grep -q "/usr/local\|/test/\|/bin/bench\|/bin/test" "$tmp/nondoc" && fail "package has files it should not: $(grep "/usr/local\|/test/\|/bin/bench\|/bin/test" "$tmp/nondoc" | head -3)"

root=$tmp/root
dpkg-deb -x "$deb" "$root" || fail "dpkg -x"
"$root/usr/bin/oli" --version >"$log" 2>&1 && grep -qx "oli $VERSION" "$log" || show "unpacked oli --version"
"$root/usr/bin/oli-config" --cflags >"$log" 2>&1 || show "unpacked oli-config --cflags"
grep -qx -- "-fpass-plugin=$root/usr/lib/oli/OliPass.so -gline-tables-only -I$root/usr/include -I$root/usr/include/oli" "$log" ||
  show "unpacked oli-config --cflags does not name the unpacked tree"
DOCDIR=$root/usr/share/doc/oli sh "$SRC/doc-links.sh" >"$log" 2>&1 || show "the unpacked docs' links"
grep -q "prefix=/usr$" "$root/usr/lib/pkgconfig/oli.pc" || fail "oli.pc prefix is not /usr: $(grep prefix= "$root/usr/lib/pkgconfig/oli.pc")"
cd "$tmp" || exit 1
cp "$SRC/usage.c" .
cfg=$root/usr/bin/oli-config
# shellcheck disable=SC2046
"$CLANG" $("$cfg" --cflags) -O1 usage.c -o usage $("$cfg" --ldflags --libs) >"$log" 2>&1 || show "build with the unpacked tree"
readelf -d usage | grep -q "NEEDED.*liboli.so.${VERSION%%.*}" || fail "usage does not need liboli.so.${VERSION%%.*}"
"$root/usr/bin/oli" run --report usage.json -- ./usage >"$log" 2>&1 && grep -qx "liboli $VERSION" "$log" || show "run usage"
"$root/usr/bin/oli" report usage.json >"$log" 2>&1 && grep -q big "$log" || show "report of usage"
echo "ok install/deb ($(basename "$deb"): Depends: $depends)"
