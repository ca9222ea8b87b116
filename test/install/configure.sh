#!/bin/sh
# install/configure (test/install/CMakeLists.txt): the plain `cmake -S . -B
# DIR` of README "Building from source". Without a compiler choice (CC, CXX
# unset) the configure takes clang-19 itself; with another compiler given it
# stops at configure time with one sentence saying what to pass.
# Environment: REPO (the source tree), CMAKE.
set -u
fail() { echo "FAIL install/configure: $*" >&2; exit 1; }
command -v gcc >/dev/null || { echo "SKIP: gcc missing (the refused compiler of this test)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oli-configure.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
show() { cat "$log" >&2; fail "$*"; }
env -u CC -u CXX "$CMAKE" -S "$REPO" -B "$tmp/default" -DOLI_BUILD_LAB=OFF >"$log" 2>&1 || show "default configure failed"
grep -q "The C compiler identification is Clang 19" "$log" || show "default configure did not take clang-19"
grep -q "The CXX compiler identification is Clang 19" "$log" || show "default configure did not take clang++-19"
if env -u CC -u CXX "$CMAKE" -S "$REPO" -B "$tmp/gcc" -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ >"$log" 2>&1; then
  show "configure with gcc succeeded"
fi
tr -s ' \n' '  ' <"$log" | grep -q "oli: the C compiler is [^ ]*gcc (GNU [0-9.]*); oli builds with clang-19: configure a new build directory with -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19" ||
  show "no one-sentence refusal of gcc"
if env CC=gcc CXX=g++ "$CMAKE" -S "$REPO" -B "$tmp/cc" >"$log" 2>&1; then show "configure with CC=gcc succeeded"; fi
grep -q "oli: the C compiler is" "$log" || show "CC=gcc not refused"
echo "ok install/configure"
