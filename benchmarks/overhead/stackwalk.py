#!/usr/bin/env python3
"""benchmarks/overhead/stackwalk.py - stackwalk.c's placed 2 MiB malloc+free
pairs: the plugin build (site records) against the build without the plugin
run under LD_PRELOAD=liboli.so (call-stack sites), by one call path and by
two (every allocation walks: with the unwinder, and with frame pointers for
the -fno-omit-frame-pointer build), in
alternating rounds; prints the medians and the median per-round difference to
the plugin build: what the walk costs (docs/benchmarks-overhead.md, "Programs
not built with the plugin"). --base LIBOLI.so adds the same preload runs with
another liboli (before/after a change).

    stackwalk.py --plain EXE --plain-fp EXE --oli EXE --liboli LIBOLI.so [--base LIBOLI.so] [--rounds 9]
"""
import argparse
import os
import statistics
import subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--plain-fp", required=True)
    ap.add_argument("--oli", required=True)
    ap.add_argument("--liboli", required=True)
    ap.add_argument("--base", help="another liboli.so, run the same way (before a change)")
    ap.add_argument("--rounds", type=int, default=9)
    a = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("OLI_") and k != "LD_PRELOAD"}
    env.update(OLI_MIN_SIZE="1M", OLI_POLICY="oli")
    runs = [("plugin build, 1 path", a.oli, None, "1"), ("plugin build, 2 paths", a.oli, None, "2")]
    for tag, lib in (("", a.liboli), (" [base]", a.base)):
        if lib:
            runs += [("preload, 1 path" + tag, a.plain, lib, "1"),
                     ("preload, 2 paths: unwinder" + tag, a.plain, lib, "2"),
                     ("preload, 2 paths: frame ptrs" + tag, a.plain_fp, lib, "2")]
    t = {name: [] for name, _, _, _ in runs}
    for _ in range(max(1, a.rounds)):
        for name, exe, lib, paths in runs:
            e = dict(env, LD_PRELOAD=lib) if lib else env
            out = subprocess.run([exe, paths], env=e, capture_output=True, text=True, check=True).stdout
            t[name].append(float(out.split()[-1]))
    print("%-36s %10s %14s" % ("build", "ns/pair", "- plugin build"))
    for name, _, _, paths in runs:
        ref = t["plugin build, %s path%s" % (paths, "s" if paths == "2" else "")]
        d = statistics.median([x - r for x, r in zip(t[name], ref)])
        print("%-36s %10.1f %14.1f" % (name, statistics.median(t[name]), d))
    print("thread CPU ns per placed malloc+free; medians of %d alternating rounds" % a.rounds)


if __name__ == "__main__":
    main()
