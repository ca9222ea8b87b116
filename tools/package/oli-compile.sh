#!/bin/sh
# oli-compile.sh ROOT [PASS_OPTION...] -- COMPILER ARGS...
# Compiler launcher of oli_instrument() (oliConfig.cmake): runs COMPILER with
# root=ROOT and the given pass options in front of OLI_PASS_OPTIONS, so the
# site IDs of a CMake project do not depend on where it was unpacked or built.
# COMPILER may be the user's own launcher (ccache) followed by the compiler.
[ $# -ge 2 ] || { echo "oli-compile.sh: usage: oli-compile.sh ROOT [OPTION...] -- COMPILER ARGS" >&2; exit 2; }
opts="root=$1"
shift
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  opts="$opts;$1"
  shift
done
[ "${1-}" = "--" ] || { echo "oli-compile.sh: no '--' before the compiler" >&2; exit 2; }
shift
opts="$opts${OLI_PASS_OPTIONS:+;$OLI_PASS_OPTIONS}"
# A compiler launcher of the user's runs next (CMAKE_<LANG>_COMPILER_LAUNCHER,
# kept by oli_instrument): ccache hashes the command line, not this
# environment, so the pass options go into its namespace, and the plugin and
# a plan file into the files it hashes (a changed plan or plugin is a miss).
extra=
for a in "$@"; do
  case $a in -fpass-plugin=*) extra="$extra${extra:+:}${a#-fpass-plugin=}" ;; esac
done
rest=$opts
while [ -n "$rest" ]; do
  o=${rest%%;*}
  case $o in plan=*) extra="$extra${extra:+:}${o#plan=}" ;; esac
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
