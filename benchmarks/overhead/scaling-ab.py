#!/usr/bin/env python3
"""Two threads placing at once, before against after (docs/benchmarks-overhead.md,
"Threads placing at once"): runs `oli-scaling --threads-only --max-threads 2`
under `chrt -f 1` against two liboli directories in turn (LD_LIBRARY_PATH; the
empty string: the binary's own), ROUNDS times, and prints per mode the medians
(ranges) of the one- and two-thread CPU ns per pair, their ratio per round and
the throughput of two threads over one (one thread's wall ns per pair over two
threads'). Nothing is asserted.

usage: scaling-ab.py --scaling BUILD/bin/oli-scaling --before LIBDIR [--after LIBDIR]
                     [--rounds 7] [--policy dram|oli]
  --policy oli sets OLI_MIN_SIZE=4K beforehand, so oli-scaling keeps the
  default policy (the rule) instead of starting again with OLI_POLICY=dram."""
import argparse, os, statistics as S, subprocess

ap = argparse.ArgumentParser()
ap.add_argument("--scaling", required=True)
ap.add_argument("--before", required=True)
ap.add_argument("--after", default="")
ap.add_argument("--rounds", type=int, default=7)
ap.add_argument("--policy", choices=("dram", "oli"), default="dram")
a = ap.parse_args()
libs = {"before": a.before, "after": a.after}
res = {k: {} for k in libs}
loads = []
for _ in range(a.rounds):
    for name, lib in libs.items():
        env = {k: v for k, v in os.environ.items() if k not in ("OLI_MIN_SIZE", "OLI_POLICY", "LD_LIBRARY_PATH")}
        if lib:
            env["LD_LIBRARY_PATH"] = lib
        if a.policy == "oli":
            env["OLI_MIN_SIZE"] = "4K"
        loads.append(os.getloadavg()[0])
        out = subprocess.run(["chrt", "-f", "1", a.scaling, "--threads-only", "--max-threads", "2"], env=env,
                             capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) == 4 and f[0] in ("own", "shared", "remote"):
                res[name].setdefault((f[0], int(f[1])), []).append((float(f[2]), float(f[3])))
print(f"policy {a.policy}, {a.rounds} rounds alternating, load average {min(loads):.1f}-{max(loads):.1f}")
for name in libs:
    for mode in ("own", "shared", "remote"):
        one, two = res[name][(mode, 1)], res[name][(mode, 2)]
        cpu = [y[0] / x[0] for x, y in zip(one, two)]
        thr = [x[1] / y[1] for x, y in zip(one, two)]
        print(f"{name:6} {mode:6} 1t cpu {S.median(x[0] for x in one):7.1f}  2t cpu {S.median(y[0] for y in two):7.1f}  "
              f"2t/1t cpu {S.median(cpu):5.2f} ({min(cpu):.2f}-{max(cpu):.2f})  "
              f"throughput 2/1 {S.median(thr):5.2f} ({min(thr):.2f}-{max(thr):.2f})")
