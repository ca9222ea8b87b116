#!/bin/sh
# install/lintian (test/install/CMakeLists.txt): the Debian packages of this
# build (tools/package/mkdeb.sh) pass lintian with no error and no warning
# (informational tags are listed, not counted). Skipped without lintian.
# Environment: BUILD, SRC, CMAKE, LIBDIR.
set -u
fail() { echo "FAIL install/lintian: $*" >&2; exit 1; }
command -v lintian >/dev/null || { echo "SKIP: lintian missing (tools/install-deps.sh installs it)"; exit 77; }
command -v dpkg-shlibdeps >/dev/null || { echo "SKIP: dpkg-shlibdeps missing (package dpkg-dev)"; exit 77; }
case $LIBDIR in lib/*-linux-*) ;; *) echo "SKIP: this build installs to $LIBDIR, not a multiarch directory (OLI_MULTIARCH=OFF)"; exit 77 ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oli-lintian.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
CMAKE=$CMAKE sh "$SRC/../../tools/package/mkdeb.sh" "$BUILD" "$tmp/out" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; fail "mkdeb.sh failed"; }
set -- "$tmp"/out/*.deb
[ $# -eq 5 ] || fail "$# packages, want 5 (liboli0, liboli-dev, oli, liboli0-dbgsym, oli-dbgsym)"
lintian --info --tag-display-limit 0 "$@" >"$tmp/tags" 2>"$tmp/err"
grep -v '^I: \|^N: \|^$' "$tmp/tags" >"$tmp/bad"
if [ -s "$tmp/bad" ]; then
  cat "$tmp/bad" >&2
  fail "$(grep -c '^E: ' "$tmp/bad") errors, $(grep -c '^W: ' "$tmp/bad") warnings"
fi
grep -q '^[EW]: ' "$tmp/err" && { cat "$tmp/err" >&2; fail "lintian's own errors"; }
echo "lintian: 0 errors, 0 warnings on $#  packages; $(grep -c '^I: ' "$tmp/tags") informational tags:"
sed -n 's/^I: [^ ]* \([^ ]*\).*/  \1/p' "$tmp/tags" | sort | uniq -c
