#!/usr/bin/env python3
"""benchmarks/overhead/ab.py - the small-object loop (ab-loop.c) between
processes: built plain (no plugin, no liboli), with the plugin and liboli, with
the plugin but small-bypass=0, untagged but linked with liboli, and plain with
liboli preloaded (zero-rebuild mode: LD_PRELOAD=liboli.so); the builds run
in alternating rounds and each prints thread CPU ns per malloc+free pair. Prints
the medians and the median of the per-round ratios to plain
(docs/benchmarks-overhead.md, "Between processes").

With --floor, stand-in interposers (interposer.c: bare tail jumps to glibc, plus
each of liboli's tests in turn) are preloaded into the plain build as well: where
the interposed path's nanoseconds go. --chrt runs every round under `chrt -f 1`
(a loaded machine preempts less).

    ab.py --clang clang-19 --plugin build/lib/OliPass.so --libdir build/lib [--rounds 15] [--floor] [--chrt]
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
    ap.add_argument("--floor", action="store_true", help="also stand-in interposers preloaded (interposer.c)")
    ap.add_argument("--chrt", action="store_true", help="run every round under chrt -f 1")
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
        env = {k: v for k, v in os.environ.items() if not k.startswith("OLI_") and k != "LD_PRELOAD"}
        preload = [None] * len(builds)
        builds.append(("plain, liboli preloaded", [], {}))  # zero-rebuild mode
        exes.append(exes[0])
        preload.append(os.path.join(a.libdir, "liboli.so"))
        if a.floor:
            shim_src = os.path.join(HERE, "interposer.c")
            for name, defs in [("bare jumps", []), ("+ TLS test", ["-DTEST_TLS"]), ("+ range test", ["-DTEST_RANGE"]),
                               ("all tests", ["-DTEST_TLS", "-DTEST_RANGE", "-DTEST_HEAP"]),
                               ("all tests, unwinder loaded", ["-DTEST_TLS", "-DTEST_RANGE", "-DTEST_HEAP",
                                                               "-DWARM_UNWINDER"])]:
                so = os.path.join(tmp, "interposer%d.so" % len(builds))
                r = subprocess.run([a.clang, "-O2", "-fPIC", "-shared", "-fno-plt", shim_src, "-o", so] + defs,
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    sys.exit("ab.py: cannot build the interposer (%s): %s" % (name, r.stderr.strip()))
                builds.append(("plain, " + name, [], {}))
                exes.append(exes[0])
                preload.append(so)
        times = [[] for _ in builds]
        for _ in range(a.rounds):
            for i, exe in enumerate(exes):
                e = dict(env)
                if preload[i]:
                    e["LD_PRELOAD"] = preload[i]
                cmd = (["chrt", "-f", "1"] if a.chrt else []) + [exe, str(a.iterations)]
                out = subprocess.run(cmd, env=e, capture_output=True, text=True, check=True)
                times[i].append(float(out.stdout.split()[-1]))
    print("%-38s %10s %14s %12s" % ("build", "ns/pair", "ratio to plain", "range"))
    for i, (name, _, _) in enumerate(builds):
        ratios = [t / p for t, p in zip(times[i], times[0])]
        print("%-38s %10.2f %14.3f %5.3f-%5.3f" % (name, statistics.median(times[i]), statistics.median(ratios),
                                                  min(ratios), max(ratios)))
    print("medians of %d alternating rounds; ratio: median of the per-round ratios" % a.rounds)


if __name__ == "__main__":
    main()
