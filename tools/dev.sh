#!/usr/bin/env bash
# The two commands of the README's quick start:
#   tools/dev.sh demo   install packages, build, compile a bundled HPC kernel
#                       with the plugin, run it, show where each object went
#   tools/dev.sh test   install packages, build, run every test (CTest)
# Environment: OLI_BUILD_DIR (default: build), OLI_JOBS (default: nproc).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${OLI_BUILD_DIR:-$here/build}
jobs=${OLI_JOBS:-$(nproc)}

usage() { echo "usage: tools/dev.sh demo|test|build" >&2; exit 2; }
[ $# -ge 1 ] || usage

setup() {
  if [ "$(id -u)" -eq 0 ]; then
    "$here/tools/install-deps.sh"
  else
    "$here/tools/install-deps.sh" || { echo "oli: run 'sudo tools/install-deps.sh' once, then retry" >&2; exit 1; }
  fi
  local gen=()
  command -v ninja >/dev/null && gen=(-G Ninja)
  if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$here" -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
  fi
  cmake --build "$build" -j "$jobs"
}

case "$1" in
  build) setup ;;
  demo) setup; exec "$here/tools/demo.sh" "$build" ;;
  test)
    setup
    cd "$build"
    exec ctest --output-on-failure -j "$jobs" "${@:2}"
    ;;
  *) usage ;;
esac
