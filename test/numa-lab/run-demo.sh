#!/usr/bin/env bash
# NUMA lab: run one program inside the emulated two-socket + CXL machine and show
# where its objects went. The README's demo calls this on single-node hosts.
#
#   test/numa-lab/run-demo.sh [options] PROGRAM [VAR=VALUE...] [-- ARGS...]
#     --kernel 6.12|6.1   guest kernel (default 6.12)
#     --cpu N             pin the program to CPU N: 0 = socket 0, 1 = socket 1 (default 0)
#     --cache DIR         kernel cache (default: $OLI_BUILD_DIR or build/, test/numa-lab/cache)
#     --out DIR           keep the console log and the report here (default: a temp dir)
#     --timeout SEC|auto  the guest's time limit (default auto: the program is timed once
#                         on this host first and the limit set from that; see below)
#     --file PATH[=NAME]  also copy PATH (and its shared libraries) into the guest as /lab/NAME
#     --fetch GUESTPATH   after the run, copy the guest's file GUESTPATH into --out (repeatable)
#     --setup COMMAND     a shell command run as root in the guest before the program
#
# PROGRAM: an executable built with oli (static, or dynamic: its shared libraries are
# copied into the guest), or any other dynamic executable: one not linked with liboli
# (no oli_sites section, no liboli.so needed) gets liboli preloaded, as `oli run`
# does (zero-rebuild mode), with libgcc_s's unwinder beside it, and its report's
# frames name the host's files. VAR=VALUE pairs go into its environment (OLI_POLICY=...).
# The program runs with OLI_REPORT set; its output and the report (a table from
# `oli report` when the CLI is built, else the JSON) are printed. Exit: the
# program's status, 1 when the guest did not finish, 77 when QEMU cannot run here.
#
# The lab emulates every instruction (QEMU TCG): a program runs there up to
# 30 times (OLI_LAB_SLOWDOWN) slower than on this host. With --timeout auto,
# PROGRAM runs once here first (pinned to one CPU, as in the guest; output
# discarded), and the estimate from its CPU time and the limit (twice the
# estimate plus the boot, at least 300 s) are printed before the boot; a
# program that runs more than 120 s here is not started in the lab unless
# --timeout SEC says how long to wait. While the guest runs, a line every
# 30 s gives the time so far and the program's last line of output.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=${OLI_BUILD_DIR:-$repo/build}
kernel=6.12 cpu=0 cache=$build/test/numa-lab/cache out="" timeout=auto setup=""
files=() fetch=()
usage() { sed -n '5,/^set /{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --kernel) kernel=$2; shift 2 ;;
    --cpu) cpu=$2; shift 2 ;;
    --cache) cache=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --file) files+=("$2"); shift 2 ;;
    --fetch) fetch+=("$2"); shift 2 ;;
    --setup) setup=$2; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "oli-lab: error: unknown option '$1'" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || usage
prog=$1; shift
[ -x "$prog" ] || { echo "oli-lab: error: program '$prog' is not an executable file" >&2; exit 2; }
case $kernel in 6.12|6.1) ;; *) echo "oli-lab: error: --kernel '$kernel' is not one of 6.12, 6.1" >&2; exit 2 ;; esac
case $cpu in 0|1) ;; *) echo "oli-lab: error: --cpu '$cpu' is not one of 0, 1 (the lab has two CPUs)" >&2; exit 2 ;; esac
case $timeout in auto) ;; ''|*[!0-9]*|0) echo "oli-lab: error: --timeout '$timeout' is not auto or a number of seconds (1 or more)" >&2; exit 2 ;; esac
envs=() args=()
while [ $# -gt 0 ]; do
  case $1 in
    --) shift; args=("$@"); break ;;
    *=*) envs+=("$1"); shift ;;
    *) echo "oli-lab: error: '$1' is not VAR=VALUE (program arguments go after --)" >&2; exit 2 ;;
  esac
done
prog_abs=$(cd "$(dirname "$prog")" && pwd)/$(basename "$prog")
preload=""
# (no grep -q, no early exit under pipefail: the writer's SIGPIPE would be the pipeline's status)
if ! readelf -S "$prog" 2>/dev/null | grep ' oli_sites' >/dev/null && ! readelf -d "$prog" 2>/dev/null | grep 'liboli' >/dev/null; then
  [ -f "$build/lib/liboli.so" ] || { echo "oli-lab: error: $prog is not linked with liboli and $build/lib/liboli.so is not built to preload" >&2; exit 2; }
  gcc_s=$(ldconfig -p 2>/dev/null | awk '/libgcc_s\.so\.1 .*x86-64/ && !f {print $NF; f = 1}')
  files+=("$build/lib/liboli.so=liboli.so")
  [ -z "$gcc_s" ] || files+=("$gcc_s=libgcc_s.so.1") # the runtime's unwinder for call-stack sites
  envs=("LD_PRELOAD=/lab/liboli.so" "LD_LIBRARY_PATH=/lab" "${envs[@]}")
  preload=1
  echo "oli-lab: $(basename "$prog") is not linked with liboli: preloading it (zero-rebuild mode, as oli run does)" >&2
fi
if [ -z "$out" ]; then
  out=$(mktemp -d /tmp/oli-lab-demo.XXXXXX)
fi
mkdir -p "$out"

# How much slower the lab runs a program than this host, and the time the
# guest needs besides the program (boot, copying in, the report).
SLOWDOWN=${OLI_LAB_SLOWDOWN:-30}
BOOT=60
HOST_MAX=120
dur() { local s=$1; if [ "$s" -ge 60 ]; then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi; }
if [ "$timeout" = auto ]; then
  # Time the program once here, on one CPU of ours (the guest pins it to one).
  hostcpu=$(taskset -pc $$ 2>/dev/null | sed 's/.*: *//; s/[-,].*//')
  pin=()
  [ -n "$hostcpu" ] && pin=(taskset -c "$hostcpu")
  echo "oli-lab: timing $(basename "$prog") on this host first, for an estimate (--timeout SEC skips this) ..." >&2
  # its CPU time (user + system), not the wall clock: a busy host would inflate that
  read -r hrc host_ms < <(cd "$out" && python3 -c '
import resource, subprocess, sys
rc = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(rc, int((r.ru_utime + r.ru_stime) * 1000))' timeout -k 5 "$HOST_MAX" "${pin[@]}" env -u OLI_REPORT -u OLI_PROFILE \
    "${envs[@]}" "$prog_abs" "${args[@]}") || true
  hrc=${hrc:-1} host_ms=${host_ms:-0}
  if [ $hrc -eq 124 ] || [ $hrc -eq 137 ]; then
    echo "oli-lab: error: $(basename "$prog") ran more than ${HOST_MAX} s on this host, so about $(dur $((HOST_MAX * SLOWDOWN))) or more in the lab (QEMU emulates it ${SLOWDOWN}x slower); give it a smaller input, or pass --timeout SEC to run it anyway" >&2
    exit 2
  fi
  expect=$(( (host_ms * SLOWDOWN + 999) / 1000 ))
  timeout=$(( 2 * expect + BOOT ))
  [ "$timeout" -ge 300 ] || timeout=300
  if [ $hrc -eq 0 ]; then
    echo "oli-lab: $(basename "$prog") took $(awk -v m="$host_ms" 'BEGIN{printf "%.1f", m / 1000}') s of CPU here: expect about $(dur "$expect") in the lab (${SLOWDOWN}x) plus the boot; time limit $(dur "$timeout") (--timeout SEC to change it)" >&2
  else
    echo "oli-lab: $(basename "$prog") exited with status $hrc on this host, no estimate; time limit $(dur "$timeout") (--timeout SEC to change it)" >&2
  fi
else
  echo "oli-lab: time limit $(dur "$timeout") (--timeout)" >&2
fi

"$here/prepare.sh" "$cache" "$kernel"
name=$(basename "$prog")
q() { printf "'%s' " "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
{
  echo "# generated by run-demo.sh"
  if [ -n "$setup" ]; then
    printf '%s\n' "$setup"
    echo 'echo "OLI-LAB demo setup_status=$?"'
  fi
  echo 'echo "OLI-LAB demo start"'
  printf 'taskset -c %s env OLI_REPORT=/tmp/report.json OLI_REPORT_FORMAT=json ' "$cpu"
  for e in "${envs[@]}"; do q "$e"; done
  q "/lab/$name"
  for a in "${args[@]}"; do q "$a"; done
  echo
  echo 'echo "OLI-LAB demo status=$?"'
  for f in "${fetch[@]}"; do
    printf 'if [ -s %s ]; then echo "OLI-LAB-JSON-BEGIN fetch %s"; cat %s; echo; echo "OLI-LAB-JSON-END fetch"; fi\n' \
      "$(q "$f")" "$(basename "$f")" "$(q "$f")"
  done
  echo 'if [ -s /tmp/report.json ]; then echo "OLI-LAB-JSON-BEGIN report"; cat /tmp/report.json; echo; echo "OLI-LAB-JSON-END report"; fi'
} > "$out/suite.sh"
"$here/mkinitramfs.sh" "$out/demo.cpio.gz" "$out/suite.sh" "$prog=$name" "${files[@]}"
echo "oli-lab: running $name in the lab (kernel $kernel, CPU $cpu; 2 sockets + CXL-like node 2) ..." >&2
"$here/run.sh" "$cache/kernel-$kernel" "$out/demo.cpio.gz" "$out/console.log" --timeout "$timeout" &
qemu_job=$!
# Progress: a line every 30 s while the guest runs.
t0=$(date +%s) next=30 started=""
while kill -0 "$qemu_job" 2>/dev/null; do
  sleep 1
  now=$(( $(date +%s) - t0 ))
  if [ -z "$started" ] && grep -q '^OLI-LAB demo start' "$out/console.log" 2>/dev/null; then started=$now; fi
  [ "$now" -ge "$next" ] || continue
  next=$(( next + 30 ))
  if [ -n "$started" ]; then
    last=$(sed -n '/^OLI-LAB demo start/,$p' "$out/console.log" 2>/dev/null | tr -d '\r' | grep -v '^OLI-LAB' | grep -v '^[[:space:]]*$' | tail -n 1 | cut -c1-80 || true)
    echo "oli-lab: $(dur "$now") of $(dur "$timeout"): $name running for $(dur $((now - started)))${last:+; last line: $last}" >&2
  else
    echo "oli-lab: $(dur "$now") of $(dur "$timeout"): the guest is booting" >&2
  fi
done
wait "$qemu_job"
elapsed=$(( $(date +%s) - t0 ))
if ! grep -q '^OLI-LAB-END' "$out/console.log" 2>/dev/null && [ "$elapsed" -ge "$timeout" ]; then
  echo "oli-lab: error: the guest did not finish within the time limit of $(dur "$timeout")${started:+ ($name ran $(dur $((elapsed - started))) of it)}: raise it with --timeout SEC (e.g. --timeout $((timeout * 3)))" >&2
fi

python3 - "$out/console.log" "$out/report.json" <<'PY'
import os, sys
log, rep = sys.argv[1:]
lines = open(log, "rb").read().decode("utf-8", "replace").splitlines()
inside, body, status, end, fetched, fname = False, [], None, False, None, None
for l in lines:
    l = l.rstrip("\r")
    if l.startswith("OLI-LAB-JSON-BEGIN fetch "): fname, fetched = os.path.basename(l.split(" ", 2)[2]), []; continue
    if l.startswith("OLI-LAB-JSON-END fetch"):
        open(os.path.join(os.path.dirname(rep), fname), "w").write("\n".join(fetched) + "\n")
        fetched = None; continue
    if fetched is not None: fetched.append(l); continue
    if l.startswith("OLI-LAB demo setup_status="):
        if l.split("=", 1)[1] != "0": print("oli-lab: the --setup command failed (status %s)" % l.split("=", 1)[1], file=sys.stderr)
        continue
    if l.startswith("OLI-LAB-JSON-BEGIN report"): inside = True; continue
    if l.startswith("OLI-LAB-JSON-END report"): inside = False; continue
    if inside: body.append(l); continue
    if l.startswith("OLI-LAB demo status="): status = l.split("=", 1)[1]; continue
    if l.startswith("OLI-LAB-END"): end = True; continue
    if l.startswith("OLI-LAB-BEGIN") or l.startswith("[") and "reboot: Power down" in l: continue
    print(l)  # the program's own output
if body:
    open(rep, "w").write("\n".join(body) + "\n")
print("oli-lab: program exit status %s%s" % (status, "" if end else " (guest did not finish: see the console log)"),
      file=sys.stderr)
sys.exit(0 if end and status is not None else 1)
PY
status=$(sed -n 's/^OLI-LAB demo status=\([0-9]*\).*/\1/p' "$out/console.log" | tr -d '\r')
if [ -s "$out/report.json" ] && [ -n "$preload" ]; then
  # the guest's /lab copies are the host's files: their frames name these (DWARF, build IDs)
  python3 - "$out/report.json" "/lab/$(basename "$prog")" "$prog_abs" "/lab/liboli.so" "$build/lib/liboli.so" <<'PY'
import json, sys
path, pairs = sys.argv[1], dict(zip(sys.argv[2::2], sys.argv[3::2]))
r = json.load(open(path))
for s in r.get("sites", []):
    for f in s.get("frames") or []:
        f["module"] = pairs.get(f.get("module"), f.get("module"))
json.dump(r, open(path, "w"), indent=1)
PY
fi
if [ -s "$out/report.json" ]; then
  cli=$build/bin/oli
  if [ -x "$cli" ] && "$cli" report "$out/report.json" 2>/dev/null; then :; else cat "$out/report.json"; fi
else
  echo "oli-lab: no report (the program wrote none: did it exit before its end, or unset OLI_REPORT?)" >&2
fi
echo "oli-lab: console log and report in $out" >&2
exit "${status:-1}"
