#!/bin/sh
# oli-compile.sh ROOT [PASS_OPTION...] -- COMPILER ARGS...
# oli-compile.sh --stamp OLI_CONFIG FILE ROOT [PASS_OPTION...]
# Compiler launcher of oli_instrument() (oliConfig.cmake): runs COMPILER with
# root=ROOT and the given pass options in front of OLI_PASS_OPTIONS, so the
# site IDs of a CMake project do not depend on where it was unpacked or built.
# COMPILER may be the user's own launcher (ccache) followed by the compiler.
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
# A compiler launcher of the user's runs next (CMAKE_<LANG>_COMPILER_LAUNCHER,
# kept by oli_instrument): ccache hashes the command line, not this
# environment, so the pass options go into its namespace, and the plugin and
# a plan file into the files it hashes (a changed plan or plugin is a miss).
extra=
for a in "$@"; do
  case $a in -fpass-plugin=*) extra="$extra${extra:+:}${a#-fpass-plugin=}" ;; esac
done
root=
rest=$opts
while [ -n "$rest" ]; do
  o=${rest%%;*}
  case $o in
  root=*) root=${o#root=} ;;
  plan=/*) extra="$extra${extra:+:}${o#plan=}" ;;
  plan=*) extra="$extra${extra:+:}${root:+$root/}${o#plan=}" ;; # relative: under root= (as the pass reads it)
  esac
  [ "$o" = "$rest" ] && break
  rest=${rest#*;}
done
CCACHE_NAMESPACE="${CCACHE_NAMESPACE:+$CCACHE_NAMESPACE,}oli:$opts"
export CCACHE_NAMESPACE
if [ -n "$extra" ]; then
  CCACHE_EXTRAFILES="${CCACHE_EXTRAFILES:+$CCACHE_EXTRAFILES:}$extra"
  export CCACHE_EXTRAFILES
fi
OLI_PASS_OPTIONS=$opts exec "$@"
