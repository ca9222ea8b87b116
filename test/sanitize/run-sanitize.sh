#!/bin/sh
# run-sanitize.sh MODE SRC BUILD CC CXX TESTS EXCLUDE - configure and build a
# second tree of the runtime, common/, the CLI and their tests with sanitizers
# (MODE asan: -DOLI_SANITIZE=ON, AddressSanitizer + UndefinedBehaviorSanitizer;
# MODE tsan: -DOLI_TSAN=ON, ThreadSanitizer), then run the CTest tests whose
# names match the regex TESTS (minus EXCLUDE) in it. Every sanitizer writes its
# reports to BUILD/reports/ (log_path), so a report counts even when a test
# swallows stderr; the test fails unless every test passed or skipped AND
# that directory is empty. Prints a summary line, appended to
# BUILD/../sanitize-stats.txt (docs/reliability.md). Env overrides:
# OLI_SANITIZE_EXCLUDE (regex of tests left out; empty runs them all).
set -u
mkdir -p "$3" || exit 2
mode=$1 src=$2 build=$3 cc=$4 cxx=$5 tests=$6 exclude=${OLI_SANITIZE_EXCLUDE-$7}
case $mode in
asan) flag=-DOLI_SANITIZE=ON ;;
tsan) flag=-DOLI_TSAN=ON ;;
*) echo "run-sanitize: MODE '$mode' is not one of asan, tsan"; exit 2 ;;
esac
jobs=${OLI_SANITIZE_JOBS:-2}
reports=$build/reports
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "$flag" -DOLI_BUILD_PASS=OFF -DOLI_BUILD_LAB=OFF \
  -DOLI_BUILD_FUZZ=OFF >"$build.configure.log" 2>&1 ||
  { tail -n 30 "$build.configure.log"; echo "run-sanitize: $mode: configure failed"; exit 1; }
# only what the tests need: per-directory targets of the Ninja generator
targets=""
for d in runtime tools/oli test/runtime test/cli test/stress; do
  [ -d "$src/$d" ] && targets="$targets $d/all"
done
start=$(date +%s)
ninja -C "$build" -j "$jobs" $targets >"$build.build.log" 2>&1 ||
  { grep -E 'error|FAILED' "$build.build.log" | head -n 30; echo "run-sanitize: $mode: build failed"; exit 1; }
built=$(( $(date +%s) - start ))
rm -rf "$reports" && mkdir -p "$reports"
opts="log_path=$reports/$mode:print_stacktrace=1"
export ASAN_OPTIONS="$opts:detect_leaks=1:allocator_may_return_null=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="log_path=$reports/ubsan:print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="$opts:allocator_may_return_null=1:halt_on_error=1:second_deadlock_stack=1"
ex=$exclude
set -- -R "$tests"
[ -n "$ex" ] && set -- "$@" -E "$ex"
ctest --test-dir "$build" "$@" -j "$jobs" --output-on-failure >"$build.ctest.log" 2>&1
rc=$?
total=$(sed -n 's/.*tests passed, [0-9]* tests failed out of \([0-9]*\)/\1/p' "$build.ctest.log")
failed=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of.*/\1/p' "$build.ctest.log")
skipped=$(grep -c '\*\*\*Skipped\|Not Run' "$build.ctest.log")
nrep=$(find "$reports" -type f | wc -l)
line="sanitize $mode: built in ${built} s, ran ${total:-0} tests (${failed:-?} failed, $skipped skipped), sanitizer reports: $nrep"
[ -n "$exclude" ] && line="$line; excluded by name: $exclude"
echo "$line"
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $line" >>"$build/../sanitize-stats.txt"
grep -E '^ *[0-9]+/[0-9]+ Test' "$build.ctest.log"
if [ "$nrep" -ne 0 ]; then
  for f in "$reports"/*; do echo "--- $f"; head -n 40 "$f"; done
  exit 1
fi
if [ "$rc" -ne 0 ] || [ -z "$total" ] || [ "$total" -eq 0 ]; then
  grep -A 40 'tests FAILED\|No tests were found' "$build.ctest.log" | head -n 60
  echo "run-sanitize: $mode: tests failed or none ran (log: $build.ctest.log)"
  exit 1
fi
exit 0
