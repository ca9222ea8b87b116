#!/bin/sh
# run-pass-asan.sh SRC BUILD CC CXX FLANG - the pass plugin never crashes the
# compiler: builds OliPass.so in a second tree as a Debug build (the inline
# LLVM code it instantiates keeps its assertions: a cast<> of the wrong type
# stops there instead of reading garbage) with AddressSanitizer, then
# compiles every C, C++ and Fortran source of the lit tests, their inputs and
# the bundled kernels at -O2 with it (the sanitizer's runtime preloaded into
# the compiler). Fails on any assertion, sanitizer report, LLVM fatal error or
# crash; a source the compiler refuses for another reason (a Fortran module
# another file makes) does not count. Label "sanitize" (docs/reliability.md).
set -u
src=$1 build=$2 cc=$3 cxx=$4 flang=${5:-}
asan=$("$cc" -print-file-name=libclang_rt.asan-x86_64.so)
[ -f "$asan" ] || { echo "SKIP: $cc has no libclang_rt.asan-x86_64.so (libclang-rt-19-dev)"; exit 77; }
mkdir -p "$build" || exit 2
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS="-fsanitize=address -fno-omit-frame-pointer" -DOLI_BUILD_LAB=OFF -DOLI_BUILD_FUZZ=OFF \
  >"$build.configure.log" 2>&1 || { tail -n 30 "$build.configure.log"; echo "run-pass-asan: configure failed"; exit 1; }
start=$(date +%s)
ninja -C "$build" -j "${OLI_SANITIZE_JOBS:-2}" OliPass >"$build.build.log" 2>&1 ||
  { grep -E 'error|FAILED' "$build.build.log" | head -n 30; echo "run-pass-asan: build failed"; exit 1; }
built=$(( $(date +%s) - start ))
plugin=$build/lib/OliPass.so
out=$build/out
mkdir -p "$out"
n=0 bad=0
for f in "$src"/test/lit/*.c "$src"/test/lit/*.cpp "$src"/test/lit/Inputs/*.c "$src"/test/lit/Inputs/*.cpp \
  "$src"/benchmarks/kernels/*/*.c "$src"/test/lit/*.f90 "$src"/test/lit/Inputs/*.f90 "$src"/benchmarks/kernels/fortran/*.F90; do
  [ -f "$f" ] || continue
  case $f in
  *.cpp) c=$cxx ;;
  *.f90 | *.F90) [ -n "$flang" ] && [ -x "$flang" ] || continue; c=$flang ;;
  *) c=$cc ;;
  esac
  n=$((n + 1))
  log=$out/$(basename "$f").log
  (cd "$out" && LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0 "$c" -O2 -fopenmp -I"$src/test/lit/Inputs" -I"$(dirname "$f")" \
    -I"$src/benchmarks/kernels/common" -I"$src/include" -fpass-plugin="$plugin" -c "$f" -o /dev/null) >"$log" 2>&1
  if grep -q -E 'Assertion .* failed|ERROR: AddressSanitizer|LLVM ERROR|Stack dump:|Segmentation fault|error in backend' "$log"; then
    bad=$((bad + 1))
    echo "--- $f"
    grep -E 'Assertion|ERROR|LLVM ERROR|error in backend|#[0-9]+ .*oli' "$log" | head -n 12
  fi
done
echo "pass asan: built in ${built} s, compiled $n sources, $bad crashed"
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) pass asan: compiled $n sources, $bad crashed" >>"$build/../sanitize-stats.txt"
[ "$n" -gt 0 ] && [ "$bad" -eq 0 ]
