# benchmarks/kernel-prof.sh - sourced by model-check.sh and traffic-check.sh.
# prof_kernel K OUT: compile bundled kernel K (benchmarks/kernels/K/*.c) with
# the plugin and profile-every=$EVERY (portable access counts) into OUT,
# linked with $B's liboli; $SRC is benchmarks/kernels.
prof_kernel() {
  _n=${0##*/}
  echo "${_n%.sh}: $1: compiling with profile-every=$EVERY" >&2
  OLI_PASS_OPTIONS="root=$SRC;profile-every=$EVERY" clang-19 -O2 -fopenmp -gline-tables-only \
    -fpass-plugin="$B/lib/OliPass.so" -I"$SRC/common" "$SRC/$1"/*.c -o "$2" \
    -L"$B/lib" -loli -Wl,-rpath,"$B/lib" -lm
}
