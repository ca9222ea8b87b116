#!/bin/sh
# install/prefix (test/install/CMakeLists.txt): `cmake --install` of this build
# into a scratch prefix, then, from a directory outside the source tree and
# with only the installed files:
#   - the layout: bin/, LIBDIR/ (SONAME), LIBDIR/oli/, include/oli/, pkg-config,
#     CMake package, man pages (oli.1 listing every row of the option, policy
#     and command tables), docs; no build-tree path in what is installed;
#   - a C program built with `pkg-config oli`; oli-config and pkg-config give
#     the same -I flags, with which <oli/oli.h> and the older <oli.h> compile;
#   - a C + Fortran CMake project with find_package(oli) + oli_instrument(); its
#     Fortran site has the ID of a direct flang compile of the same file;
#   - both run through `oli run --report` and the reports read by the
#     installed `oli report`; oli_instrument refuses a non-LLVM-19 compiler;
#   - the prefix moved elsewhere still works (oli-config, find_package);
#   - the same project against the build tree itself (its lib/cmake/oli/, no
#     install), its objects from the build tree's plugin and liboli.
# Environment: BUILD, SRC (this directory), CLANG, FLANG, CMAKE, VERSION, LIBDIR (lib or lib/<multiarch>).
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
for f in bin/oli bin/oli-config "$LIBDIR/liboli.so.$VERSION" "$LIBDIR/liboli.a" "$LIBDIR/oli/OliPass.so" include/oli/oli.h \
    include/oli/oli_abi.h include/oli/oli_vocab.def include/oli/oli_options.def "$LIBDIR/pkgconfig/oli.pc" "$LIBDIR/cmake/oli/oliConfig.cmake" "$LIBDIR/cmake/oli/oliConfigVersion.cmake" \
    "$LIBDIR/cmake/oli/oliTargets.cmake" share/man/man1/oli.1 share/man/man1/oli-config.1 share/doc/oli/README.md \
    share/doc/oli/docs/cli.md share/doc/oli/copyright share/oli/schema/oli-report.schema.json share/oli/schema/oli-machine.schema.json; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
major=${VERSION%%.*}
readelf -d "$prefix/$LIBDIR/liboli.so.$VERSION" | grep -q "SONAME.*\[liboli.so.$major\]" || fail "liboli.so.$VERSION has no SONAME liboli.so.$major"
[ "$(readlink "$prefix/$LIBDIR/liboli.so.$major")" = "liboli.so.$VERSION" ] || fail "liboli.so.$major is not a link to liboli.so.$VERSION"
if grep -rlF -e "$BUILD" -e "$repo" "$prefix/bin/oli-config" "$prefix/$LIBDIR/pkgconfig" "$prefix/$LIBDIR/cmake" >"$log"; then
  show "installed files name the build or source tree"
fi
for m in oli oli-config; do
  grep -q "^\.TH OLI" "$prefix/share/man/man1/$m.1" || fail "$m.1 has no .TH line"
done
# the installed page lists every row of the tables (made from them at build time)
python3 "$repo/test/cli/man-tables.py" "$prefix/bin/oli" "$prefix/share/man/man1/oli.1" "$repo" >"$log" 2>&1 ||
  show "the installed oli.1 lags the tables"

user=$tmp/user
mkdir -p "$user" && cd "$user" || exit 1
PATH=$prefix/bin:$PATH
export PATH
export PKG_CONFIG_PATH="$prefix/$LIBDIR/pkgconfig"
[ "$(command -v oli)" = "$prefix/bin/oli" ] || fail "the installed oli is not first on PATH"
oli --version | grep -qx "oli $VERSION" || fail "oli --version: $(oli --version)"

# 1. pkg-config
cp "$SRC/usage.c" .
pkg-config --cflags oli | grep -q -- "-fpass-plugin=$prefix/$LIBDIR/oli/OliPass.so -gline-tables-only -I$prefix/include -I$prefix/include/oli" ||
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
cp "$log" "$tmp/configure.log"
"$CMAKE" --build proj-build >"$log" 2>&1 || show "CMake build of the user project failed"
oli sites proj-build/userapp >"$log" 2>&1 || show "oli sites userapp"
grep -q "^0x[0-9a-f]*  *malloc  *grid.c:16 .*grid_make  *g.energy_grid" "$log" || show "no grid.c:16 g.energy_grid site (root= is the project)"
grep -q "main.f90:.* density" "$log" || show "no Fortran density site"
# CMake compiled main.f90's preprocessed copy (CMakeFiles/userapp.dir/main.f90-pp.f90): the site
# has the ID of a direct flang compile of main.f90 with the same root= (docs/site-ids.md)
cmake_id=$(grep "main.f90:.* density" "$log" | cut -d' ' -f1)
# shellcheck disable=SC2046
(cd proj && OLI_PASS_OPTIONS="root=$user/proj" "$FLANG" $(oli-config --fflags) -c main.f90 -o "$tmp/direct.o" \
  -module-dir "$tmp") >"$log" 2>&1 || show "direct flang compile of main.f90"
oli sites "$tmp/direct.o" >"$log" 2>&1 || show "oli sites of the direct compile"
direct_id=$(grep "main.f90:.* density" "$log" | cut -d' ' -f1)
[ -n "$cmake_id" ] && [ "$cmake_id" = "$direct_id" ] ||
  show "the density site's ID from CMake ($cmake_id) is not the direct compile's ($direct_id)"
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

# Fortran without an -O level (CMake 3.25's LLVMFlang flags have none, even for Release): one warning
tr -s ' \n' '  ' <"$tmp/configure.log" | grep -q "oli_instrument(userapp): its Fortran sources are compiled without an -O level" ||
  { cp "$tmp/configure.log" "$log"; show "no warning for Fortran without -O"; }
"$CMAKE" -S proj -B proj-o2 -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$CLANG" -DCMAKE_Fortran_COMPILER="$FLANG" \
  -DCMAKE_Fortran_FLAGS=-O2 >"$log" 2>&1 || show "configure with -O2"
! grep -q "without an -O level" "$log" || show "the -O warning with CMAKE_Fortran_FLAGS=-O2"

# oli_instrument() stops the configure for compilers the plugin cannot load into: every language in one message
if "$CMAKE" -S proj -B proj-gcc -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=gcc \
    -DCMAKE_Fortran_COMPILER="$FLANG" >"$log" 2>&1; then
  show "configure with gcc succeeded"
fi
# (CMake wraps the message; the words are one sentence)
tr -s ' \n' '  ' <"$log" | grep -q "oli_instrument(userapp): the C compiler is [^ ]*gcc (GNU [0-9.]*); the oli plugin needs LLVM 19: configure a new build directory with -DCMAKE_C_COMPILER=clang-19" ||
  show "no one-line refusal of gcc"
if command -v gfortran >/dev/null; then
  "$CMAKE" -S proj -B proj-gnu -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=gcc -DCMAKE_Fortran_COMPILER=gfortran \
    >"$log" 2>&1 && show "configure with gcc and gfortran succeeded"
  tr -s ' \n' '  ' <"$log" | grep -q "the C compiler is [^ ]*gcc (GNU [0-9.]*); the Fortran compiler is [^ ]*gfortran (GNU [0-9.]*); the oli plugin needs LLVM 19: configure a new build directory with -DCMAKE_C_COMPILER=clang-19 -DCMAKE_Fortran_COMPILER=flang-new-19" ||
    show "gcc + gfortran: not both languages in one message"
fi

# the user's compiler launcher (ccache) is kept, and a plan= file is a dependency of the objects
if command -v ccache >/dev/null; then
  CCACHE_DIR=$tmp/ccache
  export CCACHE_DIR
  oli plan --static proj-build/userapp --dram-limit 0 -o plan.json >"$log" 2>&1 || show "oli plan --static userapp"
  "$CMAKE" -S proj -B proj-cc -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$CLANG" -DCMAKE_Fortran_COMPILER="$FLANG" \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_Fortran_COMPILER_LAUNCHER=ccache -DUSERAPP_PLAN="$user/plan.json" \
    >"$log" 2>&1 || show "configure with ccache"
  "$CMAKE" --build proj-cc --verbose >"$log" 2>&1 || show "build with ccache"
  grep -q 'oli-compile.sh .* -- ccache [^ ]*clang.* -c [^ ]*grid.c' "$log" || show "ccache is not in the C compile commands"
  grep -q 'oli-compile.sh .* -- ccache [^ ]*flang.* -c [^ ]*main.f90' "$log" || show "ccache is not in the Fortran compile commands"
  ccache -s >"$log" 2>&1
  grep -Eq '(Misses|cache miss).*[1-9]' "$log" || show "ccache saw no compile"
  "$CMAKE" --build proj-cc --clean-first >"$log" 2>&1 || show "rebuild with ccache"
  ccache -s >"$log" 2>&1
  grep -Eq 'Hits: *[1-9]|cache hit.*[1-9]' "$log" || show "ccache served nothing on a clean rebuild"
  "$CMAKE" --build proj-cc >"$log" 2>&1 || show "no-op build"
  grep -q "grid.c" "$log" && show "nothing changed, yet grid.c was compiled again"
  # the plan changes: every instrumented object is compiled again (not served stale by ccache)
  printf '\n' >>plan.json
  "$CMAKE" --build proj-cc >"$log" 2>&1 || show "build after the plan changed"
  grep -q "grid.c" "$log" && grep -q "main.f90" "$log" || show "the plan changed, the objects were not compiled again"
  echo '{ not json' >plan.json
  "$CMAKE" --build proj-cc >"$log" 2>&1 && show "a plan that is not JSON still builds (stale objects)"
  grep -q "plan.json" "$log" || show "the failed build does not name the plan"
  unset CCACHE_DIR
fi

# 3. relocated: the same tree moved elsewhere
mv "$prefix" "$tmp/moved" || exit 1
cfg=$tmp/moved/bin/oli-config
[ "$("$cfg" --plugin)" = "$tmp/moved/$LIBDIR/oli/OliPass.so" ] || fail "moved oli-config --plugin: $("$cfg" --plugin)"
# shellcheck disable=SC2046
"$CLANG" $("$cfg" --cflags) -O1 usage.c -o usage2 $("$cfg" --ldflags --libs) >"$log" 2>&1 || show "build with the moved oli-config"
./usage2 >"$log" 2>&1 && grep -qx "liboli $VERSION" "$log" || show "usage2 failed"
"$CMAKE" -S proj -B proj-moved -DCMAKE_PREFIX_PATH="$tmp/moved" -DCMAKE_C_COMPILER="$CLANG" \
  -DCMAKE_Fortran_COMPILER="$FLANG" >"$log" 2>&1 && "$CMAKE" --build proj-moved >"$log" 2>&1 ||
  show "find_package from the moved prefix"

# 4. the build tree: find_package(oli) before any install
"$CMAKE" -S proj -B proj-tree -DCMAKE_PREFIX_PATH="$BUILD" -DCMAKE_C_COMPILER="$CLANG" \
  -DCMAKE_Fortran_COMPILER="$FLANG" >"$log" 2>&1 || show "find_package from the build tree"
"$CMAKE" --build proj-tree -v >"$log" 2>&1 || show "build against the build tree"
grep -q -- "-fpass-plugin=$BUILD/lib/OliPass.so" "$log" || show "not compiled with the build tree's plugin"
"$BUILD/bin/oli" sites proj-tree/userapp >"$log" 2>&1 && grep -q "grid.c:16 .*g.energy_grid" "$log" ||
  show "the build-tree project has no grid.c:16 site"
ldd proj-tree/userapp >"$log" 2>&1 && grep -q "$BUILD/lib/liboli.so" "$log" || show "not linked with the build tree's liboli"
(cd proj-tree && OLI_REPORT="$tmp/tree.json" ./userapp) >"$log" 2>&1 || show "the build-tree project's run"
"$BUILD/bin/oli" report "$tmp/tree.json" >"$log" 2>&1 && grep -q "g.energy_grid" "$log" || show "its report"
echo "ok install/prefix"
