#!/bin/sh
# oli-compile.sh ROOT [PASS_OPTION...] -- COMPILER ARGS...
# oli-compile.sh --stamp OLI_CONFIG FILE ROOT [PASS_OPTION...]
# Compiler launcher of oli_instrument() (oliConfig.cmake): runs COMPILER with
# root=ROOT and the given pass options in front of OLI_PASS_OPTIONS, so the
# site IDs of a CMake project do not depend on where it was unpacked or built.
# With --stamp (a build step before the target's objects): writes FILE, the
# target's objects' dependency, with `OLI_CONFIG --stamp` of the same
# effective options, only when it changed (the options in OLI_PASS_OPTIONS, the
# plan file's contents, the plugin), so they are rebuilt exactly then.
stamp=
if [ "${1-}" = "--stamp" ]; then
  [ $# -ge 4 ] || { echo "oli-compile.sh: usage: oli-compile.sh --stamp OLI_CONFIG FILE ROOT [OPTION...]" >&2; exit 2; }
  config=$2 stamp=$3
  shift 3
fi
[ $# -ge 1 ] || { echo "oli-compile.sh: usage: oli-compile.sh ROOT [OPTION...] -- COMPILER ARGS" >&2; exit 2; }
opts="root=$1"
shift
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  opts="$opts;$1"
  shift
done
opts="$opts${OLI_PASS_OPTIONS:+;$OLI_PASS_OPTIONS}"
if [ -n "$stamp" ]; then
  line=$("$config" --stamp "$opts") || exit 2
  [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$line" ] && exit 0
  printf '%s\n' "$line" >"$stamp.tmp" && mv -f "$stamp.tmp" "$stamp"
  exit
fi
[ "${1-}" = "--" ] || { echo "oli-compile.sh: no '--' before the compiler" >&2; exit 2; }
shift
OLI_PASS_OPTIONS="$opts" exec "$@"
