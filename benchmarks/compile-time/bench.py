#!/usr/bin/env python3
"""bench.py: compile-time overhead of the oli pass plugin.

Compiles one large C translation unit (gen_tu.py) with clang-19 at -O2
-gline-tables-only, without and with -fpass-plugin=OliPass.so, alternating
the two in ABBA order, RUNS times each, and reports the median CPU time (user+sys of the
compiler) of each and their ratio. Results go to stdout as a Markdown table
row. Usage:
  bench.py --plugin PATH [--clang clang-19] [--runs 7] [--functions 800] [--opt=-O2]
           [--alloc-every 8]
"""
import argparse, os, resource, statistics, subprocess, sys, tempfile, time

def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--functions", type=int, default=800)
    ap.add_argument("--opt", default="-O2")
    ap.add_argument("--alloc-every", type=int, default=8,
                    help="one function in K allocates (1: allocation-dense worst case)")
    a = ap.parse_args()
    if a.runs < 1 or a.functions < 1 or a.alloc_every < 1:
        sys.exit("bench.py: --runs, --functions and --alloc-every must be at least 1")
    if not os.path.exists(a.plugin):
        sys.exit(f"bench.py: plugin '{a.plugin}' not found; build target OliPass first")
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "big.c")
        subprocess.run([sys.executable, os.path.join(here, "gen_tu.py"), str(a.functions), src, str(a.alloc_every)], check=True)
        lines = sum(1 for _ in open(src))
        base = [a.clang, a.opt, "-gline-tables-only", "-c", src, "-o", os.path.join(tmp, "big.o")]
        with_plugin = base[:1] + [f"-fpass-plugin={a.plugin}"] + base[1:]
        cpu_in(base), cpu_in(with_plugin)  # warm the page cache, discard
        plain, plug = [], []
        for i in range(a.runs):  # ABBA order: neither side always runs second
            if i % 2 == 0:
                plain.append(cpu_in(base))
                plug.append(cpu_in(with_plugin))
            else:
                plug.append(cpu_in(with_plugin))
                plain.append(cpu_in(base))
        # Sanity: the plugin did tag the TU.
        out = subprocess.run(with_plugin[:-2] + ["-S", "-emit-llvm", "-o", "-"], check=True,
                             capture_output=True, text=True).stdout
        sites = out.count('section "oli_sites"')
    mp, mq = statistics.median(plain), statistics.median(plug)
    print(f"translation unit: {a.functions} functions (1 in {a.alloc_every} allocates), {lines} lines, "
          f"{sites} site records")
    print(f"runs: {a.runs} each, alternating (ABBA); CPU seconds (user+sys) of clang {a.opt} -gline-tables-only")
    print(f"without plugin: median {mp:.3f} s  (min {min(plain):.3f}, max {max(plain):.3f})")
    print(f"with plugin:    median {mq:.3f} s  (min {min(plug):.3f}, max {max(plug):.3f})")
    print(f"ratio: {mq / mp:.4f}  ({(mq / mp - 1) * 100:+.2f}%)")
    # On a shared machine the fastest run is the least disturbed one.
    print(f"ratio of minima: {min(plug) / min(plain):.4f}")
    print(f"| {a.opt} | {a.functions} fns (1/{a.alloc_every} alloc) / {lines} lines | {sites} | {a.runs} | {mp:.3f} | {mq:.3f} | "
          f"{mq / mp:.4f} | {min(plug) / min(plain):.4f} |")

def cpu_in(cmd):
    return cpu_of(cmd)[0]

main()
