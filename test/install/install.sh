#!/bin/sh
# install/prefix (test/install/CMakeLists.txt): `cmake --install` of this build
# into a scratch prefix, then, from a directory outside the source tree and
# with only the installed files:
#   - the layout: bin/, lib/ (SONAME), lib/oli/, include/oli/, pkg-config,
#     CMake package, man pages, docs; no build-tree path in what is installed;
#   - a C program built with `pkg-config oli`; oli-config and pkg-config give
#     the same -I flags, with which <oli/oli.h> and the older <oli.h> compile;
#   - a C + Fortran CMake project with find_package(oli) + oli_instrument();
#   - both run through `oli run --report` and the reports read by the
#     installed `oli report`; oli_instrument refuses a non-LLVM-19 compiler;
#   - the prefix moved elsewhere still works (oli-config, find_package).
# Environment: BUILD, SRC (this directory), CLANG, FLANG, CMAKE, VERSION.
set -u
fail() { echo "FAIL install/prefix: $*" >&2; exit 1; }
[ -n "$FLANG" ] && [ -x "$FLANG" ] || { echo "SKIP: flang-new-19 missing (the C + Fortran project needs it)"; exit 77; }
command -v pkg-config >/dev/null || { echo "SKIP: pkg-config missing"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/oli-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
repo=$(cd "$SRC/../.." && pwd)
log=$tmp/log
show() { cat "$log" >&2; fail "$*"; }

"$CMAKE" --install "$BUILD" --prefix "$prefix" >"$log" 2>&1 || show "cmake --install failed"
for f in bin/oli bin/oli-config "lib/liboli.so.$VERSION" lib/liboli.a lib/oli/OliPass.so include/oli/oli.h \
    include/oli/oli_abi.h include/oli/oli_vocab.def lib/pkgconfig/oli.pc lib/cmake/oli/oliConfig.cmake lib/cmake/oli/oliConfigVersion.cmake \
    lib/cmake/oli/oliTargets.cmake share/man/man1/oli.1 share/man/man1/oli-config.1 share/doc/oli/README.md \
    share/doc/oli/docs/cli.md share/doc/oli/copyright; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
major=${VERSION%%.*}
readelf -d "$prefix/lib/liboli.so.$VERSION" | grep -q "SONAME.*\[liboli.so.$major\]" || fail "liboli.so.$VERSION has no SONAME liboli.so.$major"
[ "$(readlink "$prefix/lib/liboli.so.$major")" = "liboli.so.$VERSION" ] || fail "liboli.so.$major is not a link to liboli.so.$VERSION"
if grep -rlF -e "$BUILD" -e "$repo" "$prefix/bin/oli-config" "$prefix/lib/pkgconfig" "$prefix/lib/cmake" >"$log"; then
  show "installed files name the build or source tree"
fi
for m in oli oli-config; do
  grep -q "^\.TH OLI" "$prefix/share/man/man1/$m.1" || fail "$m.1 has no .TH line"
done

user=$tmp/user
mkdir -p "$user" && cd "$user" || exit 1
PATH=$prefix/bin:$PATH
export PATH
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(command -v oli)" = "$prefix/bin/oli" ] || fail "the installed oli is not first on PATH"
oli --version | grep -qx "oli $VERSION" || fail "oli --version: $(oli --version)"

# 1. pkg-config
cp "$SRC/usage.c" .
pkg-config --cflags oli | grep -q -- "-fpass-plugin=$prefix/lib/oli/OliPass.so -gline-tables-only -I$prefix/include -I$prefix/include/oli" ||
  fail "pkg-config --cflags oli: $(pkg-config --cflags oli)"
[ "$(oli-config --cflags)" = "$(pkg-config --cflags oli | sed 's/ *$//')" ] ||
  fail "oli-config --cflags '$(oli-config --cflags)' is not pkg-config's '$(pkg-config --cflags oli)'"
[ "$(oli-config --includedir)" = "$(pkg-config --variable=includedir oli)" ] && [ -f "$(oli-config --includedir)/oli/oli.h" ] ||
  fail "oli-config --includedir '$(oli-config --includedir)', pkg-config's '$(pkg-config --variable=includedir oli)': no oli/oli.h there"
# The documented <oli/oli.h> (usage.c) and the older <oli.h> both compile, with either tool's flags.
for form in oli/oli.h oli.h; do
  printf '#include <%s>\nint main(void) { return oli_version() == 0; }\n' "$form" >inc.c
  # shellcheck disable=SC2046
  "$CLANG" $(pkg-config --cflags oli) -c inc.c -o inc.o >"$log" 2>&1 || show "#include <$form> with pkg-config --cflags oli"
  # shellcheck disable=SC2046
  "$CLANG" $(oli-config --cflags) -c inc.c -o inc.o >"$log" 2>&1 || show "#include <$form> with oli-config --cflags"
done
# shellcheck disable=SC2046
"$CLANG" $(pkg-config --cflags oli) -O1 usage.c -o usage $(pkg-config --libs oli) \
  -Wl,-rpath,"$(pkg-config --variable=libdir oli)" >"$log" 2>&1 || show "pkg-config build failed"
oli sites usage >"$log" 2>&1 && grep -q "usage.c:10 .*big" "$log" || show "oli sites usage: no 'usage.c:10 ... big'"
oli run --policy oli --report usage.json -- ./usage >"$log" 2>&1 || show "oli run ./usage failed"
grep -qx "liboli $VERSION" "$log" || show "usage did not print 'liboli $VERSION'"
oli report usage.json >"$log" 2>&1 && grep -q "big" "$log" || show "oli report usage.json: no 'big'"

# 2. CMake: find_package(oli) + oli_instrument() on a C + Fortran target
cp -r "$SRC/project" proj
"$CMAKE" -S proj -B proj-build -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$CLANG" \
  -DCMAKE_Fortran_COMPILER="$FLANG" >"$log" 2>&1 || show "CMake configure of the user project failed"
"$CMAKE" --build proj-build >"$log" 2>&1 || show "CMake build of the user project failed"
oli sites proj-build/userapp >"$log" 2>&1 || show "oli sites userapp"
grep -q "^0x[0-9a-f]*  *malloc  *grid.c:16 .*grid_make  *g.energy_grid" "$log" || show "no grid.c:16 g.energy_grid site (root= is the project)"
grep -q "main.f90:.* density" "$log" || show "no Fortran density site"
# oli_instrument(): a profile build, then a plan build after the plain one recompile (a stamp of the
# effective pass options, the plan's contents and the plugin); a build with nothing changed does not
grep -q "^plain build" "$log" || show "oli sites userapp: no 'plain build' line"
OLI_PASS_OPTIONS='profile-every=64' "$CMAKE" --build proj-build >"$log" 2>&1 || show "profile build of the user project"
oli sites proj-build/userapp >"$log" 2>&1 && grep -q "^profile build: profile-every=64" "$log" &&
  ! grep -q "^plain build\|warning" "$log" || show "the profile build after the plain one is not a profile build"
printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "cxl"}]}' >proj/app.plan.json
OLI_PASS_OPTIONS='plan=app.plan.json' "$CMAKE" --build proj-build >"$log" 2>&1 || show "plan build of the user project"
oli sites proj-build/userapp >"$log" 2>&1 && grep -q "^plan embedded: .*/proj/app.plan.json (1 site planned" "$log" &&
  ! grep -q "^profile build\|warning" "$log" || show "the plan build (relative plan= against root=) is not a plan build"
OLI_PASS_OPTIONS='plan=app.plan.json' "$CMAKE" --build proj-build >"$log" 2>&1 || show "second plan build"
! grep -q "Building" "$log" || show "a build with nothing changed recompiled"
printf '{"schema": "oli-plan", "version": 1, "sites": [{"id": "0x1", "decision": "dram"}]}' >proj/app.plan.json
OLI_PASS_OPTIONS='plan=app.plan.json' "$CMAKE" --build proj-build >"$log" 2>&1 || show "build after the plan changed"
grep -q "Building" "$log" || show "a changed plan file did not recompile"
"$CMAKE" --build proj-build >"$log" 2>&1 || show "plain build again"
oli run --policy off --report app.%p.json -- proj-build/userapp >"$log" 2>&1 || show "oli run userapp failed"
grep -q "^sum 80000200000.0" "$log" || show "userapp output"
set -- app.*.json
[ -f "$1" ] || fail "oli run --report app.%p.json wrote no report"
oli report "$1" >"$log" 2>&1 || show "oli report app.json"
grep -q "density" "$log" && grep -q "g.energy_grid" "$log" || show "report lacks density / g.energy_grid"

# oli_instrument() stops the configure for a compiler the plugin cannot load into
if "$CMAKE" -S proj -B proj-gcc -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=gcc \
    -DCMAKE_Fortran_COMPILER="$FLANG" >"$log" 2>&1; then
  show "configure with gcc succeeded"
fi
# (CMake wraps the message; the words are one sentence)
tr -s ' \n' '  ' <"$log" | grep -q "oli_instrument(userapp): the C compiler is [^ ]*gcc (GNU [0-9.]*); the oli plugin needs LLVM 19: configure with -DCMAKE_C_COMPILER=clang-19" ||
  show "no one-line refusal of gcc"

# 3. relocated: the same tree moved elsewhere
mv "$prefix" "$tmp/moved" || exit 1
cfg=$tmp/moved/bin/oli-config
[ "$("$cfg" --plugin)" = "$tmp/moved/lib/oli/OliPass.so" ] || fail "moved oli-config --plugin: $("$cfg" --plugin)"
# shellcheck disable=SC2046
"$CLANG" $("$cfg" --cflags) -O1 usage.c -o usage2 $("$cfg" --ldflags --libs) >"$log" 2>&1 || show "build with the moved oli-config"
./usage2 >"$log" 2>&1 && grep -qx "liboli $VERSION" "$log" || show "usage2 failed"
"$CMAKE" -S proj -B proj-moved -DCMAKE_PREFIX_PATH="$tmp/moved" -DCMAKE_C_COMPILER="$CLANG" \
  -DCMAKE_Fortran_COMPILER="$FLANG" >"$log" 2>&1 && "$CMAKE" --build proj-moved >"$log" 2>&1 ||
  show "find_package from the moved prefix"
echo "ok install/prefix"
