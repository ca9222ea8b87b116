#!/usr/bin/env bash
# NUMA lab: build a gzip'd newc initramfs: static busybox, the lab's /init, a suite
# script and static test programs.
#
#   test/numa-lab/mkinitramfs.sh OUT.cpio.gz SUITE.sh [FILE[=NAME]...]
#
# SUITE.sh becomes /lab/suite.sh (run by /init between the begin and end markers),
# guest/runlib.sh /lab/runlib.sh (run/show helpers for suites);
# every FILE is copied to /lab/NAME (default: its base name), mode preserved. A
# dynamically linked FILE also gets the shared libraries ldd finds for it, at the
# same absolute paths (so rpaths into the build tree keep working in the guest).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OUT.cpio.gz SUITE.sh [FILE[=NAME]...]" >&2; exit 2; }
out=$1 suite=$2; shift 2
[ -f "$suite" ] || { echo "oli-lab: error: suite script '$suite' not found" >&2; exit 1; }
[ -x /bin/busybox ] || { echo "oli-lab: SKIP: /bin/busybox not found (busybox-static)" >&2; exit 77; }
ldd /bin/busybox >/dev/null 2>&1 &&
  { echo "oli-lab: error: /bin/busybox is dynamically linked; install busybox-static" >&2; exit 1; }

root=$(mktemp -d "${out}.root.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,proc,sys,dev,tmp,lab,etc}
cp /bin/busybox "$root/bin/busybox"
cp "$here/guest/init" "$root/init"
chmod 755 "$root/init"
cp "$here/guest/runlib.sh" "$root/lab/runlib.sh"
cp "$suite" "$root/lab/suite.sh"
chmod 755 "$root/lab/suite.sh"
for f in "$@"; do
  src=${f%%=*} name=${f#*=}
  [ "$name" != "$f" ] || name=$(basename "$src")
  [ -f "$src" ] || { echo "oli-lab: error: guest file '$src' not found" >&2; exit 1; }
  mkdir -p "$(dirname "$root/lab/$name")"
  cp -p "$src" "$root/lab/$name"
  if ldd "$src" >/dev/null 2>&1; then   # fails for static executables
    for lib in $(ldd "$src" | grep -o '/[^ ]*'); do
      [ -e "$root$lib" ] || cp -L --parents "$lib" "$root"
    done
  fi
done
(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet --owner=0:0) | gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
