#!/usr/bin/env bash
# NUMA lab: one CTest test = prepare the kernel, build an initramfs with a suite and
# its guest programs, boot it on the emulated machine, check the console.
#
#   test/numa-lab/lab.sh CACHE_DIR WORK_DIR KERNEL SUITE [FILE[=NAME]...]
#     KERNEL  6.12 or 6.1        SUITE  probe | oli | cxl | four-node | calibrate | gate | ... (guest/suite-SUITE.sh, check.py --suite)
#     FILEs   static programs copied into the guest's /lab
#
# A suite with guest/suite-SUITE.modules (module names) gets those kernel modules
# and their dependencies, decompressed, in /lab/modules (load order in
# /lab/modules/order; modset.py).
# Environment: OLI_LAB_TIMEOUT (seconds, default 150), OLI_LAB_TOPOLOGY (args file),
# OLI_LAB_APPEND (extra kernel command line), OLI_LAB_BOOTS (boots when the kernel
# dies before /init; run.sh), OLI_LAB_CHECK (check.py --suite to apply to the log;
# default SUITE; `boot` checks the markers only), OLI_LAB_CHECK_ARGS (more check.py
# options, e.g. --expect-findings).
# Exit: 0 pass, 1 fail (console tail and mismatching objects printed), 77 QEMU or the
# kernels are not available here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 4 ] || { echo "usage: $0 CACHE_DIR WORK_DIR KERNEL SUITE [FILE[=NAME]...]" >&2; exit 2; }
cache=$1 work=$2 kernel=$3 suite=$4; shift 4
suite_sh=$here/guest/suite-$suite.sh
[ -f "$suite_sh" ] || { echo "oli-lab: error: suite '$suite' has no $suite_sh" >&2; exit 2; }

tag=$suite-$kernel
mkdir -p "$work"
rm -f "$work/$tag.log"   # tests that check this log later must never see an old one
"$here/prepare.sh" "$cache" "$kernel"   # exits 77 when the lab cannot run here
files=("$@")
if [ -f "$here/guest/suite-$suite.modules" ]; then
  kd=$cache/kernel-$kernel
  md=$work/$tag.modules
  rm -rf "$md"
  # shellcheck disable=SC2046
  python3 "$here/modset.py" "$kd/root/lib/modules/$(cat "$kd/release")" "$md" \
    $(cat "$here/guest/suite-$suite.modules") > "$md.order"
  files+=("$md.order=modules/order")
  for m in $(cat "$md.order"); do files+=("$md/$m=modules/$m"); done
fi
"$here/mkinitramfs.sh" "$work/$tag.cpio.gz" "$suite_sh" "${files[@]}"
topo=()
[ -n "${OLI_LAB_TOPOLOGY:-}" ] && topo=(--topology "$OLI_LAB_TOPOLOGY")
"$here/run.sh" "$cache/kernel-$kernel" "$work/$tag.cpio.gz" "$work/$tag.log" \
  --timeout "${OLI_LAB_TIMEOUT:-150}" --append "${OLI_LAB_APPEND:-}" "${topo[@]}"
# shellcheck disable=SC2086 # OLI_LAB_CHECK_ARGS: words
exec python3 "$here/check.py" --suite "${OLI_LAB_CHECK:-$suite}" --kernel "$kernel" ${OLI_LAB_CHECK_ARGS:-} "$work/$tag.log"
