#!/usr/bin/env python3
"""benchmarks/overhead/ab.py - the small-object loop (ab-loop.c) between
processes: built plain (no plugin, no liboli), with the plugin and liboli, with
the plugin but small-bypass=0, and untagged but linked with liboli; the builds run
in alternating rounds and each prints thread CPU ns per malloc+free pair. Prints
the medians and the median of the per-round ratios to plain
(docs/benchmarks-overhead.md, "Between processes").

    ab.py --clang clang-19 --plugin build/lib/OliPass.so --libdir build/lib [--rounds 15]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--plugin", required=True, help="OliPass.so")
    ap.add_argument("--libdir", required=True, help="directory of liboli.so")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--iterations", type=int, default=20000000)
    a = ap.parse_args()
    if a.rounds < 1 or a.iterations < 1:
        sys.exit("ab.py: --rounds and --iterations must be at least 1")
    src = os.path.join(HERE, "ab-loop.c")
    oli = ["-L" + a.libdir, "-Wl,-rpath," + a.libdir, "-loli"]
    plug = ["-fpass-plugin=" + a.plugin]
    builds = [  # name, flags, extra environment for the compile
        ("plain", [], {}),
        ("oli", plug + oli, {}),
        ("oli small-bypass=0", plug + oli, {"OLI_PASS_OPTIONS": "small-bypass=0"}),
        ("untagged + liboli", oli, {}),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        exes = []
        for i, (name, flags, env) in enumerate(builds):
            exe = os.path.join(tmp, "ab%d" % i)
            e = {k: v for k, v in os.environ.items() if k != "OLI_PASS_OPTIONS"}
            e.update(env)
            r = subprocess.run([a.clang, "-O2", src, "-o", exe] + flags, env=e, capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit("ab.py: cannot build %s: %s" % (name, r.stderr.strip()))
            exes.append(exe)
        env = {k: v for k, v in os.environ.items() if not k.startswith("OLI_")}
        times = [[] for _ in builds]
        for _ in range(a.rounds):
            for i, exe in enumerate(exes):
                out = subprocess.run([exe, str(a.iterations)], env=env, capture_output=True, text=True, check=True)
                times[i].append(float(out.stdout.split()[-1]))
    print("%-22s %10s %14s" % ("build", "ns/pair", "ratio to plain"))
    for i, (name, _, _) in enumerate(builds):
        ratio = statistics.median(t / p for t, p in zip(times[i], times[0]))
        print("%-22s %10.2f %14.3f" % (name, statistics.median(times[i]), ratio))
    print("medians of %d alternating rounds; ratio: median of the per-round ratios" % a.rounds)


if __name__ == "__main__":
    main()
