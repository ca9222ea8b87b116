#!/usr/bin/env bash
# run.sh boots again when the guest kernel dies before /init (no OLI-LAB-BEGIN), and
# only then. QEMU is a stand-in script here that writes a console log per boot from
# a list of scripted outcomes; no virtual machine runs.
#   test/numa-lab/boot-retry.sh RUN_SH WORK_DIR
set -euo pipefail
run=$1 work=$2
rm -rf "$work"; mkdir -p "$work/bin" "$work/kernel"
: > "$work/kernel/vmlinuz"; echo 6.12.0-test > "$work/kernel/release"; : > "$work/initrd"
# The stand-in: outcome number N (1-based count of boots) is line N of $work/outcomes.
cat > "$work/bin/qemu-system-x86_64" <<'Q'
#!/usr/bin/env bash
log=
while [ $# -gt 0 ]; do [ "$1" = -serial ] && log=${2#file:}; shift; done
n=$(( $(cat "$FAKE_DIR/boots" 2>/dev/null || echo 0) + 1 )); echo $n > "$FAKE_DIR/boots"
case $(sed -n "${n}p" "$FAKE_DIR/outcomes") in
  oops)  printf '[    1.534689] Oops: int3: 0000 [#1] PREEMPT SMP NOPTI\n[    1.534689] Kernel panic - not syncing: Fatal exception\n' > "$log" ;;
  late)  printf 'OLI-LAB-BEGIN kernel=x\n[    9.1] Oops: general protection fault\n' > "$log" ;;
  ok)    printf 'OLI-LAB-BEGIN kernel=x\nOLI-LAB-END suite_status=0\n' > "$log" ;;
  *)     echo "fake qemu: no outcome for boot $n" >&2; exit 3 ;;
esac
Q
chmod +x "$work/bin/qemu-system-x86_64"
fail=0
check() { # NAME OUTCOMES EXPECTED_BOOTS EXPECTED_LOG_PATTERN EXPECTED_STDERR_PATTERN [BOOTS]
  local name=$1 outcomes=$2 want=$3 logpat=$4 errpat=$5 boots=${6:-3}
  printf '%s\n' $outcomes > "$work/outcomes"; rm -f "$work/boots"
  local rc=0
  FAKE_DIR=$work OLI_LAB_BOOTS=$boots PATH="$work/bin:$PATH" \
    "$run" "$work/kernel" "$work/initrd" "$work/$name.log" --timeout 20 2> "$work/$name.err" || rc=$?
  local got; got=$(cat "$work/boots" 2>/dev/null || echo 0)
  if [ $rc -ne 0 ] || [ "$got" != "$want" ] || ! grep -q -- "$logpat" "$work/$name.log" \
     || ! grep -q -- "$errpat" "$work/$name.err"; then
    echo "FAIL $name: status $rc, $got boots (want $want); log and stderr:"; cat "$work/$name.log" "$work/$name.err"; fail=1
  else
    echo "ok   $name: $got boots"
  fi
}
check oops-then-ok   "oops ok"        2 'OLI-LAB-END'   'died before /init ran (Oops: int3.*booting again, boot 2 of 3'
[ -f "$work/oops-then-ok.log.boot1" ] && grep -q 'Oops: int3' "$work/oops-then-ok.log.boot1" \
  || { echo "FAIL oops-then-ok: the failed boot's log was not kept as LOG.boot1"; fail=1; }
check always-oops    "oops oops oops" 3 'Oops: int3'    'died while booting in all 3 boots'
check oops-limit     "oops ok"        1 'Oops: int3'    'died while booting in all 1 boots' 1
check late-oops      "late ok"        1 'general protection' 'qemu ran'
check first-ok       "ok oops"        1 'OLI-LAB-END'   'qemu ran'
rc=0; OLI_LAB_BOOTS=two PATH="$work/bin:$PATH" "$run" "$work/kernel" "$work/initrd" "$work/bad.log" 2> "$work/bad.err" || rc=$?
if [ $rc -ne 2 ] || ! grep -q "OLI_LAB_BOOTS 'two' is not a positive number" "$work/bad.err"; then
  echo "FAIL bad OLI_LAB_BOOTS: status $rc"; cat "$work/bad.err"; fail=1
else echo "ok   OLI_LAB_BOOTS=two refused"; fi
exit $fail
