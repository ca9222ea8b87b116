#!/bin/sh
# oli-compile.sh ROOT [PASS_OPTION...] -- COMPILER ARGS...
# Compiler launcher of oli_instrument() (oliConfig.cmake): runs COMPILER with
# root=ROOT and the given pass options in front of OLI_PASS_OPTIONS, so the
# site IDs of a CMake project do not depend on where it was unpacked or built.
[ $# -ge 2 ] || { echo "oli-compile.sh: usage: oli-compile.sh ROOT [OPTION...] -- COMPILER ARGS" >&2; exit 2; }
opts="root=$1"
shift
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  opts="$opts;$1"
  shift
done
[ "${1-}" = "--" ] || { echo "oli-compile.sh: no '--' before the compiler" >&2; exit 2; }
shift
OLI_PASS_OPTIONS="$opts${OLI_PASS_OPTIONS:+;$OLI_PASS_OPTIONS}" exec "$@"
