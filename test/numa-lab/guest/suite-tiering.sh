# shellcheck shell=dash
# NUMA lab suite "tiering": the kernel's own tiering as a baseline for oli's static
# placement (check.py --suite tiering). Memory tiering mode of NUMA balancing
# (numa_balancing=2: hot pages on a slower tier are promoted) and demotion
# (demotion_enabled: reclaim moves cold DRAM pages to the slower tier), on a
# machine whose DRAM is made small: persistent huge pages take all of node 1
# (the other socket's DRAM) and all but ROOM_MB of node 0 above its high
# watermark, so bench-cg at class W (49 MB) does not fit. min_free_kbytes is set
# to 8 MiB first: with transparent huge pages the kernel raises it to ~90 MiB on
# this 3 GiB machine (30-45 MiB watermarks per node), and a small DRAM node would
# sit below its watermarks from the start (nothing allocated there, nothing to
# demote, no room to promote). Each run goes through bench-numa-run (bytes per node at
# exit) and the /proc/vmstat migration counters are read before and after it:
#   first-touch  plain bench-cg, no balancing, no demotion: the kernel's default spill
#   tiering      plain bench-cg, numa_balancing=2, demotion on
#   oli-budget   bench-cg-oli, OLI_DRAM_LIMIT=BUDGET_MB, numa_balancing=2, demotion on
#   oli          bench-cg-oli (OLI_POLICY=oli), numa_balancing=2, demotion on
ROOM_MB=32
BUDGET_MB=24
KEYS="pgpromote_success pgpromote_candidate pgdemote_kswapd pgdemote_direct numa_hint_faults numa_pages_migrated pgmigrate_success"
tiers=""
for t in /sys/devices/virtual/memory_tiering/memory_tier*; do
  [ -f "$t/nodelist" ] && tiers="$tiers $(basename "$t"):$(cat "$t/nodelist")"
done
echo "OLI-LAB tiering tiers=$(echo "$tiers" | sed 's/^ //; s/ /,/g')"
# the tier holding node N (memory_tierK), empty when none
tier_of() {
  for t in /sys/devices/virtual/memory_tiering/memory_tier*; do
    [ -f "$t/nodelist" ] || continue
    if awk -v n="$1" -F, '{ for (i = 1; i <= NF; i++) { split($i, r, "-"); if (r[2] == "") r[2] = r[1];
                            if (n >= r[1] + 0 && n <= r[2] + 0) f = 1 } } END { exit !f }' "$t/nodelist"; then
      basename "$t"; return
    fi
  done
}
if [ -z "$(tier_of 2)" ] || [ "$(tier_of 2)" = "$(tier_of 0)" ]; then
  echo "OLI-LAB tiering supported=0 reason=node2_not_in_a_slower_tier"; exit 0
fi
if ! echo 2 > /proc/sys/kernel/numa_balancing 2>/dev/null || [ "$(cat /proc/sys/kernel/numa_balancing)" != 2 ]; then
  echo "OLI-LAB tiering supported=0 reason=numa_balancing_2_refused"; exit 0
fi
if [ ! -f /sys/kernel/mm/numa/demotion_enabled ]; then
  echo "OLI-LAB tiering supported=0 reason=no_demotion_enabled"; exit 0
fi
echo 0 > /proc/sys/kernel/numa_balancing
echo "OLI-LAB tiering supported=1"
hp() { echo "/sys/devices/system/node/node$1/hugepages/hugepages-2048kB/nr_hugepages"; }
free_kb() { sed -n 's/.*MemFree: *\([0-9]*\) kB/\1/p' "/sys/devices/system/node/node$1/meminfo"; }
echo 8192 > /proc/sys/vm/min_free_kbytes
# Per-CPU free lists small: by default (fraction 0) the kernel lets each CPU's list for
# a zone grow to 1/8 of the zone while pages are freed, 2 MiB pages included, and pages
# there are free but not in MemFree (a run found ~26 MiB more room on node 0 than
# MemFree showed, from pages the hold had just given back, and cg fit on DRAM).
# A large fraction caps every list at four batches (~1 MiB); the vmstat worker drains
# what is above that within seconds.
echo 1000000 > /proc/sys/vm/percpu_pagelist_high_fraction
sleep 3
# sum of node 0's zones' high watermarks, kB
high_kb() { awk '/^Node 0,/ { n = 1; next } /^Node/ { n = 0 } n && $1 == "high" { s += $2 } END { print s * 4 }' /proc/zoneinfo; }
# hold: node 1 all but what the kernel keeps, node 0 all but ROOM_MB. Again before
# every run: dropping the caches (and what the last run left to the kernel) frees
# memory on both nodes, and a run that finds more room than ROOM_MB spills to node 1
# instead of being demoted.
# Huge pages take the bulk of both nodes (instant); on node 0, up to four rounds,
# compacting first, until MARGIN_MB more than ROOM_MB is left above its high
# watermark. Fillers then take the rest in mlocked 1 MiB chunks until the node gives
# no more (lab_fill: locked, so demotion cannot free them; a fragmented node 1 once
# kept 18 MiB its huge pages could not take, and cg spilled there, not to node 2),
# and node 0's gives ROOM_MB back: the room is what an allocation on CPU 0 finds, not
# what MemFree says (pages on CPU 0's free lists are not in it, see
# percpu_pagelist_high_fraction above). The fillers run on CPU 0, as cg does, and
# hold until the next hold.
MARGIN_MB=8
fillers=""
# fill NODE LEAVE_MB: start a filler of NODE, wait until it holds; fill_mb, fill_stop
fill() {
  rm -f "/tmp/hold$1.ready"
  taskset -c 0 /lab/lab_fill "$1" "/tmp/hold$1.ready" 4096 "$2" > "/tmp/hold$1.out" 2>&1 &
  fillers="$fillers $!"
  for _ in $(seq 1 600); do [ -f "/tmp/hold$1.ready" ] && break; sleep 0.1; done
  fill_mb=$(sed -n 's/.*rest_mb=\([0-9]*\).*/\1/p' "/tmp/hold$1.out")
  fill_stop=$(sed -n 's/.*stop=\([a-z_]*\).*/\1/p' "/tmp/hold$1.out")
}
hold() {
  for f in $fillers; do kill "$f" 2>/dev/null && wait "$f" 2>/dev/null; done
  fillers=""
  echo 100000 > "$(hp 1)"
  fill 1 0
  topped1=${fill_mb:-0} fill1_stop=${fill_stop:-none}
  for _ in 1 2 3 4; do
    extra=$(( $(free_kb 0) - (ROOM_MB + MARGIN_MB) * 1024 - $(high_kb) ))
    [ "$extra" -le 4096 ] && [ "$extra" -ge -4096 ] && break
    echo 1 > /proc/sys/vm/compact_memory 2>/dev/null
    held=$(( $(cat "$(hp 0)") + extra / 2048 ))
    [ "$held" -lt 0 ] && held=0
    echo "$held" > "$(hp 0)"
  done
  fill 0 "$ROOM_MB"
  topped=${fill_mb:-0} fill0_stop=${fill_stop:-none}
  holds="topped_mb=$topped fill_stop=$fill0_stop topped1_mb=$topped1 fill1_stop=$fill1_stop"
}
hold
echo "OLI-LAB tiering room_mb=$ROOM_MB budget_mb=$BUDGET_MB node0_high_kb=$(high_kb) node0_free_kb=$(free_kb 0) node1_free_kb=$(free_kb 1) node2_free_kb=$(free_kb 2) held0=$(cat "$(hp 0)") held1=$(cat "$(hp 1)") $holds"
vm() { for k in $KEYS; do printf '%s=%s ' "$k" "$(sed -n "s/^$k //p" /proc/vmstat)"; done; }
tier() { # NAME BALANCING DEMOTION [VAR=VALUE...] -- PROGRAM
  name=$1 bal=$2 dem=$3; shift 3
  envs=""
  while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
  shift
  echo "$bal" > /proc/sys/kernel/numa_balancing
  echo "$dem" > /sys/kernel/mm/numa/demotion_enabled
  sync; echo 1 > /proc/sys/vm/drop_caches
  hold
  echo "OLI-LAB tier name=$name phase=before node0_free_kb=$(free_kb 0) node0_high_kb=$(high_kb) node1_free_kb=$(free_kb 1) $holds $(vm)"
  rm -f "/tmp/$name.numa" "/tmp/$name.rep"
  # shellcheck disable=SC2086 # envs are VAR=VALUE words
  taskset -c 0 env OMP_NUM_THREADS=1 OLI_REPORT="/tmp/$name.rep" OLI_REPORT_FORMAT=json $envs \
    /lab/bench-numa-run --out "/tmp/$name.numa" "$@" W > "/tmp/$name.out" 2> "/tmp/$name.err"
  rc=$?
  echo "OLI-LAB tier name=$name phase=after status=$rc verified=$(grep -c 'VERIFICATION SUCCESSFUL' "/tmp/$name.out") $(vm)"
  echo "OLI-LAB time run=$name uptime=$(cut -d' ' -f1 /proc/uptime)"
  sed "s/^/OLI-LAB-STDERR $name: /" "/tmp/$name.err" | head -n 20
  for f in numa rep; do
    if [ -s "/tmp/$name.$f" ]; then
      echo "OLI-LAB-JSON-BEGIN $f-$name"; cat "/tmp/$name.$f"; echo; echo "OLI-LAB-JSON-END $f-$name"
    fi
  done
}
tier first-touch 0 false -- /lab/bench-cg
tier tiering 2 true -- /lab/bench-cg
tier oli-budget 2 true OLI_DRAM_LIMIT=${BUDGET_MB}M -- /lab/bench-cg-oli
tier oli 2 true OLI_POLICY=oli -- /lab/bench-cg-oli
echo 0 > /proc/sys/kernel/numa_balancing
for f in $fillers; do kill "$f" 2>/dev/null; done
echo 0 > "$(hp 0)"; echo 0 > "$(hp 1)"
echo "OLI-LAB dmesg oom_kills=$(dmesg | grep -c -i 'killed process')"
