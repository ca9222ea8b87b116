#!/usr/bin/env python3
"""benchmarks/overhead/stackwalk.py - stackwalk.c's placed 2 MiB malloc+free
pairs, built without the plugin and run under LD_PRELOAD=liboli.so (call-stack
sites), against the plugin build (site records), alternating rounds; prints
the medians (docs/benchmarks-overhead.md, "Programs not built with the plugin").

    stackwalk.py --plain EXE --oli EXE --liboli LIBOLI.so [--rounds 7]
"""
import argparse
import os
import statistics
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--oli", required=True)
    ap.add_argument("--liboli", required=True)
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("OLI_") and k != "LD_PRELOAD"}
    env.update(OLI_MIN_SIZE="1M", OLI_POLICY="oli")
    pre = dict(env, LD_PRELOAD=a.liboli)
    t = {"preload (call-stack sites)": [], "plugin build (site records)": []}
    for _ in range(max(1, a.rounds)):
        for name, exe, e in (("preload (call-stack sites)", a.plain, pre), ("plugin build (site records)", a.oli, env)):
            out = subprocess.run([exe], env=e, capture_output=True, text=True, check=True).stdout
            t[name].append(float(out.split()[-1]))
    for name, v in t.items():
        print("%-30s %8.1f ns per placed malloc+free" % (name, statistics.median(v)))
    print("medians of %d alternating rounds" % a.rounds)


if __name__ == "__main__":
    main()
