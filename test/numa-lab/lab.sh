#!/usr/bin/env bash
# NUMA lab: one CTest test = prepare the kernel, build an initramfs with a suite and
# its guest programs, boot it on the emulated machine, check the console.
#
#   test/numa-lab/lab.sh CACHE_DIR WORK_DIR KERNEL SUITE [FILE[=NAME]...]
#     KERNEL  6.12 or 6.1        SUITE  probe | oli   (guest/suite-SUITE.sh, check.py --suite)
#     FILEs   static programs copied into the guest's /lab
#
# Environment: OLI_LAB_TIMEOUT (seconds, default 150), OLI_LAB_TOPOLOGY (args file).
# Exit: 0 pass, 1 fail (console tail and mismatching objects printed), 77 QEMU or the
# kernels are not available here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 4 ] || { echo "usage: $0 CACHE_DIR WORK_DIR KERNEL SUITE [FILE[=NAME]...]" >&2; exit 2; }
cache=$1 work=$2 kernel=$3 suite=$4; shift 4
suite_sh=$here/guest/suite-$suite.sh
[ -f "$suite_sh" ] || { echo "oli-lab: error: suite '$suite' has no $suite_sh" >&2; exit 2; }

"$here/prepare.sh" "$cache" "$kernel"   # exits 77 when the lab cannot run here
mkdir -p "$work"
tag=$suite-$kernel
"$here/mkinitramfs.sh" "$work/$tag.cpio.gz" "$suite_sh" "$@"
topo=()
[ -n "${OLI_LAB_TOPOLOGY:-}" ] && topo=(--topology "$OLI_LAB_TOPOLOGY")
"$here/run.sh" "$cache/kernel-$kernel" "$work/$tag.cpio.gz" "$work/$tag.log" \
  --timeout "${OLI_LAB_TIMEOUT:-150}" "${topo[@]}"
exec python3 "$here/check.py" --suite "$suite" --kernel "$kernel" "$work/$tag.log"
