# dump the sysfs files oli's topology reader uses, one "OLI-SYSFS path" header each
for f in /sys/devices/system/node/online /sys/devices/system/node/has_memory \
         /sys/devices/system/node/node*/cpulist /sys/devices/system/node/node*/meminfo \
         /sys/devices/system/node/node*/distance \
         /sys/devices/system/node/node*/access0/initiators/read_bandwidth \
         /sys/devices/system/node/node*/access0/initiators/read_latency \
         /sys/devices/virtual/memory_tiering/memory_tier*/nodelist \
         /sys/kernel/mm/mempolicy/weighted_interleave/node*; do
  [ -f "$f" ] || continue
  echo "OLI-SYSFS $f"
  cat "$f"
done
[ -d /sys/kernel/mm/mempolicy/weighted_interleave ] && echo "OLI-SYSFS-DIR /sys/kernel/mm/mempolicy/weighted_interleave"
echo "OLI-SYSFS-DONE"
