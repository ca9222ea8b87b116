#!/usr/bin/env bash
# NUMA lab, step 1: fetch the two guest kernels from Debian's archive and extract
# them under a cache directory (never installed into the host's /boot).
#
#   test/numa-lab/prepare.sh CACHE_DIR [SERIES...]      SERIES default: 6.12 6.1
#
# For each series it resolves the newest linux-image-SERIES.*-cloud-amd64-unsigned
# with apt-cache, downloads it with `apt-get download`, extracts it with dpkg-deb -x
# into CACHE_DIR/kernel-SERIES/ and writes there:
#   vmlinuz      the kernel image
#   release      the kernel release (uname -r), modules under root/lib/modules/RELEASE
#   package      the Debian package it came from
# A second run with the same package reuses the cache (no network).
# Exit status: 0 ready, 77 the lab cannot run here (no QEMU, no kernel obtainable),
# 1 anything else (a real error).
set -euo pipefail

skip() { echo "oli-lab: SKIP: $*" >&2; exit 77; }
die() { echo "oli-lab: error: $*" >&2; exit 1; }

[ $# -ge 1 ] || { echo "usage: $0 CACHE_DIR [SERIES...]" >&2; exit 2; }
cache=$1; shift
series_list=("$@")
[ ${#series_list[@]} -gt 0 ] || series_list=(6.12 6.1)

command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 not found (install qemu-system-x86: tools/install-deps.sh)"
[ -x /bin/busybox ] || skip "/bin/busybox not found (install busybox-static: tools/install-deps.sh)"
command -v cpio >/dev/null || skip "cpio not found (install cpio: tools/install-deps.sh)"
command -v dpkg-deb >/dev/null || skip "dpkg-deb not found: the lab takes its kernels from Debian packages"

mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
# Several lab tests may start at once (ctest -j): one preparer at a time.
exec 9>"$cache/.lock"
flock 9

# Newest package name of a series, or nothing.
resolve() {
  local s=$1
  apt-cache search --names-only "^linux-image-${s//./\\.}[.-].*-cloud-amd64-unsigned\$" 2>/dev/null |
    awk '{print $1}' | sort -V | tail -n 1
}

updated=0
for s in "${series_list[@]}"; do
  case $s in 6.1|6.12) ;; *) die "kernel series '$s' is not one of 6.12, 6.1";; esac
  dir=$cache/kernel-$s
  pkg=$(resolve "$s")
  if [ -z "$pkg" ] && [ $updated -eq 0 ] && [ "$(id -u)" -eq 0 ]; then
    echo "oli-lab: apt-cache knows no $s cloud kernel; running apt-get update" >&2
    apt-get update -qq >&2 || true
    updated=1
    pkg=$(resolve "$s")
  fi
  if [ -z "$pkg" ]; then
    if [ -f "$dir/release" ]; then
      echo "oli-lab: apt-cache knows no $s cloud kernel; using the cached $(cat "$dir/package")" >&2
      continue
    fi
    skip "no linux-image-$s.*-cloud-amd64-unsigned package known to apt-cache (needs Debian 12 with bookworm-security; run apt-get update as root)"
  fi
  if [ -f "$dir/package" ] && [ "$(cat "$dir/package")" = "$pkg" ] && [ -f "$dir/vmlinuz" ]; then
    echo "oli-lab: kernel $s: $pkg (cached)" >&2
    continue
  fi
  echo "oli-lab: kernel $s: downloading $pkg" >&2
  rm -rf "$dir" "$dir.tmp"
  mkdir -p "$dir.tmp/deb"
  # apt-get download writes into the current directory; as root it warns about the
  # unsandboxed download, which is harmless.
  if ! (cd "$dir.tmp/deb" && apt-get download -q "$pkg" >&2 2>"$cache/apt-$s.log"); then
    cat "$cache/apt-$s.log" >&2
    skip "apt-get download $pkg failed (no network or archive unreachable)"
  fi
  deb=$(ls "$dir.tmp"/deb/*.deb | head -n 1)
  dpkg-deb -x "$deb" "$dir.tmp/root"
  img=$(ls "$dir.tmp"/root/boot/vmlinuz-* 2>/dev/null | head -n 1)
  [ -n "$img" ] || die "$deb holds no boot/vmlinuz-*"
  rel=${img##*/vmlinuz-}
  [ -d "$dir.tmp/root/lib/modules/$rel" ] || die "$deb holds no lib/modules/$rel"
  ln -s "root/boot/vmlinuz-$rel" "$dir.tmp/vmlinuz"
  echo "$rel" > "$dir.tmp/release"
  echo "$pkg" > "$dir.tmp/package"
  rm -rf "$dir.tmp/deb"
  mv "$dir.tmp" "$dir"
  echo "oli-lab: kernel $s: $rel ready in $dir" >&2
done
