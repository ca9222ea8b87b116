#!/usr/bin/env bash
# Install every Debian 12 package oli needs to build, test and run its NUMA lab.
# Run as root. Does nothing when everything is present already.
#   tools/install-deps.sh            build + test packages (LLVM 19, QEMU, MPICH; libnuma and numactl for the NUMA lab's guest tools and baselines, not for liboli)
set -euo pipefail

PKGS=(
  # compiler plugin + lit
  llvm-19-dev clang-19 flang-19 lld-19 libomp-19-dev libclang-rt-19-dev llvm-19-tools
  # build
  cmake make gcc g++ python3 pkg-config
  # JSON Schemas of the documents checked against what the tools write (test/schema)
  python3-jsonschema
  # Debian packages (tools/package/mkdeb.sh: dpkg-shlibdeps for their Depends; lintian checks them: install/lintian)
  dpkg-dev file lintian
  # a compiler launcher under oli_instrument() (install/prefix: ccache keeps working)
  ccache
  # runtime
  libnuma-dev numactl
  # oli report names the frames of call-stack sites (zero-rebuild mode) from DWARF
  libdw-dev
  # other allocators as the process's (host mode tests: test/host)
  libjemalloc2 libtcmalloc-minimal4
  # MPI (per-rank placement tests, MPI kernel)
  mpich libmpich-dev
  # NUMA lab: emulated 2-socket + CXL-like node
  qemu-system-x86 busybox-static cpio
  # NUMA lab, real CXL stack (stretch): cxl, ndctl, daxctl copied into the guest
  ndctl daxctl
  # benchmark plots; the planner's traffic against a simulated cache (benchmarks/traffic-check.sh: cachegrind)
  gnuplot-nox valgrind
  # faster builds
  ninja-build
)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "oli: all system packages present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "oli: missing packages: ${missing[*]}; run this script as root (it uses apt-get)" >&2
  exit 1
fi
echo "oli: installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
