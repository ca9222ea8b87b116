#!/usr/bin/env bash
# NUMA lab: boot one kernel with one initramfs on the emulated NUMA machine and
# capture the serial console to a log.
#
#   test/numa-lab/run.sh KERNEL_DIR INITRD LOG [options]
#     --topology FILE   QEMU machine arguments, one per line
#                       (default: topologies/two-socket-cxl.args)
#     --timeout SEC     kill QEMU after SEC seconds (default 150)
#     --append ARGS     extra kernel command line arguments
#     --accel A         tcg (default) or kvm (only where a working KVM exists)
#
# KERNEL_DIR is a directory made by prepare.sh (vmlinuz inside). QEMU's exit status
# says nothing about the guest (a panic also exits 0): the checker looks for the
# guest's OLI-LAB-END marker instead. This script exits 77 only when QEMU cannot
# start at all (a bare machine fails too); 1 when QEMU rejects the lab's machine;
# otherwise 0 (even on timeout, which the checker reports).
#
# A guest kernel that dies before /init printed OLI-LAB-BEGIN (an oops or panic
# while booting: emulated-CPU flukes such as a TCG int3 oops in text patching seen
# once in some hundred boots) ran none of our code: the machine is booted again,
# up to OLI_LAB_BOOTS times in all (default 3), each failed boot's log kept as
# LOG.bootN. A death after OLI-LAB-BEGIN is never retried: the checker fails it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage() { echo "usage: $0 KERNEL_DIR INITRD LOG [--topology FILE] [--timeout SEC] [--append ARGS] [--accel tcg|kvm]" >&2; exit 2; }
[ $# -ge 3 ] || usage
kdir=$1 initrd=$2 log=$3; shift 3
topo=$here/topologies/two-socket-cxl.args timeout=150 append="" accel=tcg
while [ $# -gt 0 ]; do
  case $1 in
    --topology) topo=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --append) append=$2; shift 2 ;;
    --accel) accel=$2; shift 2 ;;
    *) usage ;;
  esac
done
case $accel in tcg|kvm) ;; *) echo "oli-lab: error: --accel '$accel' is not one of tcg, kvm" >&2; exit 2 ;; esac
case $timeout in ''|*[!0-9]*) echo "oli-lab: error: --timeout '$timeout' is not a number of seconds" >&2; exit 2 ;; esac
[ -f "$kdir/vmlinuz" ] || { echo "oli-lab: error: no kernel at '$kdir/vmlinuz' (run prepare.sh)" >&2; exit 1; }
[ -f "$initrd" ] || { echo "oli-lab: error: initramfs '$initrd' not found" >&2; exit 1; }
[ -f "$topo" ] || { echo "oli-lab: error: topology file '$topo' not found" >&2; exit 1; }
qemu=$(command -v qemu-system-x86_64) || { echo "oli-lab: SKIP: qemu-system-x86_64 not found" >&2; exit 77; }

# @WORK@ in the topology: a fresh directory next to the log (backing files of
# CXL devices must not survive from an earlier run).
work=$log.files
rm -rf "$work"
mkdir -p "$work"
machine=()
while IFS= read -r line; do
  case $line in ''|'#'*) continue ;; esac
  machine+=("${line//@WORK@/$work}")
done < "$topo"

boots=${OLI_LAB_BOOTS:-3}
rm -f "$log".boot[0-9]*
case $boots in ''|*[!0-9]*|0) echo "oli-lab: error: OLI_LAB_BOOTS '$boots' is not a positive number of boots" >&2; exit 2 ;; esac
boot=1
while :; do
  : > "$log"
  start=$(date +%s.%N)
  set +e
  timeout -k 5 "$timeout" "$qemu" -accel "$accel" "${machine[@]}" \
    -kernel "$kdir/vmlinuz" -initrd "$initrd" \
    -append "console=ttyS0,115200 panic=-1 quiet loglevel=3 rdinit=/init $append" \
    -display none -no-reboot -monitor none -serial "file:$log" -nodefaults \
    2> "$log.qemu-stderr"
  rc=$?
  set -e
  end=$(date +%s.%N)
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.1f", b-a}')
  echo "oli-lab: qemu ran ${secs}s (status $rc) kernel=$(cat "$kdir/release" 2>/dev/null || echo '?') log=$log" >&2
  # Died while booting? (QEMU exited by itself, no OLI-LAB-BEGIN, a kernel oops or panic.)
  [ $rc -eq 0 ] && ! grep -a -q 'OLI-LAB-BEGIN' "$log" || break
  died=$(grep -a -m1 -E 'Oops:|Kernel panic|BUG:' "$log" | sed 's/^\[[ 0-9.]*\] //') || break
  [ $boot -lt "$boots" ] || { echo "oli-lab: the guest kernel died while booting in all $boots boots (OLI_LAB_BOOTS)" >&2; break; }
  cp "$log" "$log.boot$boot"
  boot=$((boot + 1))
  echo "oli-lab: the guest kernel died before /init ran ($died; log kept as $log.boot$((boot - 1))): booting again, boot $boot of $boots" >&2
  rm -rf "$work"; mkdir -p "$work"
done
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
  echo "oli-lab: qemu killed after ${timeout}s timeout" >&2
elif [ $rc -ne 0 ] && [ ! -s "$log" ]; then
  # QEMU never reached the guest. Can it start a bare machine here at all? If not,
  # the lab cannot run on this host (skip); if so, our machine arguments are wrong.
  cat "$log.qemu-stderr" >&2
  set +e
  timeout 10 "$qemu" -accel "$accel" -machine q35 -m 64M -display none -nodefaults -monitor none -S \
    >/dev/null 2>&1
  bare=$?
  set -e
  if [ $bare -ne 124 ]; then
    echo "oli-lab: SKIP: qemu-system-x86_64 cannot start a virtual machine here (status $rc; a bare q35 machine: $bare)" >&2
    exit 77
  fi
  echo "oli-lab: error: qemu-system-x86_64 rejected the lab machine (status $rc, see above; topology $topo)" >&2
  exit 1
fi
[ -s "$log.qemu-stderr" ] && sed 's/^/oli-lab: qemu: /' "$log.qemu-stderr" >&2
rm -rf "$work"
exit 0
