#!/bin/sh
# test/host/host.sh CASE - a plugin-built library (libsolver: solver-*.c,
# solver-new.cpp) in processes whose allocator is not liboli's (CTest:
# host/CASE; docs/runtime.md, "The process's allocator"). Environment (set by
# CMake): CLANG, CLANGXX, OLI (the oli binary), SRC (test/host), SYSFS (a
# recorded 3-node sysfs tree: decisions as on a machine with a CXL node;
# mbind to its missing nodes is counted as a fallback here, pages per node are
# the NUMA lab's), WORK (scratch), PLUGIN, LIBDIR.
set -u
case_=$1
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
fail() { echo "FAIL host/$case_: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
[ -f "$PLUGIN" ] || skip "$PLUGIN not built"
[ -f "$LIBDIR/liboli.so" ] || skip "$LIBDIR/liboli.so not built"
export OLI_SYSFS_ROOT="$SYSFS"
JEMALLOC=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2
TCMALLOC=/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4

# libsolver.so: built with the plugin, linked with liboli
for f in solver-alloc.c solver-free.c; do
  "$CLANG" -O2 -g -fPIC -fpass-plugin="$PLUGIN" -I"$SRC" -c "$SRC/$f" -o "${f%.c}.o" || fail "compile $f"
done
"$CLANGXX" -O2 -g -fPIC -fpass-plugin="$PLUGIN" -I"$SRC" -c "$SRC/solver-new.cpp" -o solver-new.o ||
  fail "compile solver-new.cpp"
"$CLANGXX" -shared solver-alloc.o solver-free.o solver-new.o -L"$LIBDIR" -loli -Wl,-rpath,"$LIBDIR" \
  -o libsolver.so || fail "link libsolver.so"
# a plain host: no plugin, no liboli (FLAGS: extra compile flags)
host() {
  "$CLANG" -O2 -g -I"$SRC" "$@" "$SRC/host.c" -L. -lsolver -Wl,-rpath,"$WORK" -ldl -o host || fail "compile host.c $*"
}
# run OUT CMD...: CMD must print the success line and exit 0
run() {
  out=$1
  shift
  "$@" >"$out.out" 2>"$out.err" || { cat "$out.err" "$out.out" >&2; fail "$* exited $?"; }
  grep -q ': ok, ' "$out.out" || { cat "$out.err" "$out.out" >&2; fail "$*: no success line"; }
}
# report FILE MODE NAME [BLOCKS]: the report's allocator, and libsolver's
# sites with their large objects placed (intended: decided), in host mode
# BLOCKS of them (default 28: per size of 1 MiB or more, 4, host.c's matrix()
# makes 7) as blocks of the host allocator's
report() {
  python3 - "$@" <<'PY' || fail "report $1"
import json, sys
path, mode, name = sys.argv[1:4]
blocks = int(sys.argv[4]) if len(sys.argv) > 4 else 28
r = json.load(open(path))
a = r["summary"]["allocator"]
assert a["mode"] == mode and a["name"] == name, a
sites = [s for s in r["sites"] if s.get("file", "").endswith(("solver-alloc.c", "solver-new.cpp"))]
assert sites, [s.get("file") for s in r["sites"]]
if mode == "interposed":
    assert r["summary"]["placed_objects"] >= 28, r["summary"]
else:  # an object the host made at a freed block's address and size is taken for that block
    assert r["summary"]["placed_objects"] >= 24, r["summary"]
if mode == "host":
    assert a["blocks"] == blocks and a["live_blocks"] <= a["blocks"], a
    big = [s for s in sites if s["largest"] >= 16 << 20]
    assert all(s["decision"] != "default" for s in big), big
PY
  "$OLI" report "$1" >report.txt || fail "oli report $1"
  grep -q "allocator: $3" report.txt || { cat report.txt >&2; fail "oli report: no allocator line"; }
}

case $case_ in
linked) # a C host linked against the library: libc's malloc is the process's
  host
  OLI_REPORT=r.json run linked ./host
  report r.json host glibc
  ;;
dlopen) # dlopen(RTLD_LOCAL), dlclose with the library's objects alive, freed after
  "$CLANG" -O2 -g -I"$SRC" -DHOST_DLOPEN="$WORK/libsolver.so" "$SRC/host.c" -ldl -pthread -o host || fail "compile host.c"
  OLI_REPORT=r.json run dlopen ./host
  report r.json host glibc 35 # and the thread's matrix at 2 MiB: 7 more
  ;;
ctypes) # Python's ctypes loads it (host.py: 11 of its objects are placed)
  OLI_REPORT=r.json run ctypes python3 "$SRC/host.py" "$WORK/libsolver.so"
  python3 -c 'import json,sys; a=json.load(open("r.json"))["summary"]["allocator"]; assert a["mode"]=="host" and a["blocks"]==11, a' ||
    fail "ctypes report"
  ;;
jemalloc | tcmalloc) # another allocator preloaded under the plain host, then under a plugin-built program
  eval so=\$$(echo "$case_" | tr a-z A-Z)
  [ -f "$so" ] || skip "$so missing (tools/install-deps.sh installs it)"
  host
  OLI_REPORT=r.json LD_PRELOAD="$so" run preload ./host
  report r.json host "$(basename "$so")"
  # the host built with the plugin and linked with liboli: interposed alone, host mode under the preload
  "$CLANG" -O2 -g -fpass-plugin="$PLUGIN" -I"$SRC" "$SRC/host.c" -L. -lsolver -L"$LIBDIR" -loli \
    -Wl,-rpath,"$WORK:$LIBDIR" -o hostoli || fail "compile host.c with the plugin"
  OLI_REPORT=own.json run own ./hostoli
  report own.json interposed liboli
  OLI_REPORT=pre.json LD_PRELOAD="$so" run program ./hostoli
  report pre.json host "$(basename "$so")" 36 # and host.c's own: malloc(n), realloc(p, 2n) per size
  ;;
asan) # AddressSanitizer's allocator is the process's: every free checked
  host -fsanitize=address -fno-omit-frame-pointer
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1 OLI_REPORT=r.json run asan ./host
  grep -q AddressSanitizer asan.err && { cat asan.err >&2; fail "ASan report"; }
  report r.json host host
  ;;
*) echo "host.sh: unknown case '$case_' (linked, dlopen, ctypes, jemalloc, tcmalloc, asan)" >&2; exit 2 ;;
esac
echo "host/$case_: ok"
