#!/usr/bin/env python3
"""bench.py: compile-time overhead of the oli pass plugin.

Compiles one large C translation unit (gen_tu.py) with clang-19 at -O2
-gline-tables-only, without and with -fpass-plugin=OliPass.so, alternating
the two in ABBA order, RUNS times each, and reports the median CPU time (user+sys of the
compiler) of each and their ratio. Results go to stdout as a Markdown table
row. With --kernels DIR, a run is instead compiling every bundled kernel of
benchmarks/kernels (its C files with clang-19, its Fortran ones with flang-new-19,
-fopenmp, one after the other): the real codes the tool is for. Usage:
  bench.py --plugin PATH [--clang clang-19] [--runs 7] [--functions 800] [--opt=-O2]
           [--alloc-every 8] [--kernels benchmarks/kernels [--flang flang-new-19]]
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
    ap.add_argument("--kernels", help="compile the bundled kernels of this directory instead of a generated unit")
    ap.add_argument("--flang", default="flang-new-19")
    a = ap.parse_args()
    if a.runs < 1 or a.functions < 1 or a.alloc_every < 1:
        sys.exit("bench.py: --runs, --functions and --alloc-every must be at least 1")
    if not os.path.exists(a.plugin):
        sys.exit(f"bench.py: plugin '{a.plugin}' not found; build target OliPass first")
    if a.kernels:
        return kernels(a)
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "big.c")
        subprocess.run([sys.executable, os.path.join(here, "gen_tu.py"), str(a.functions), src, str(a.alloc_every)], check=True)
        lines = sum(1 for _ in open(src))
        base = [a.clang, a.opt, "-gline-tables-only", "-c", src, "-o", os.path.join(tmp, "big.o")]
        with_plugin = base[:1] + [f"-fpass-plugin={a.plugin}"] + base[1:]
        plain, plug = abba(lambda: cpu_in(base), lambda: cpu_in(with_plugin), a.runs)
        # Sanity: the plugin did tag the TU.
        out = subprocess.run(with_plugin[:-2] + ["-S", "-emit-llvm", "-o", "-"], check=True,
                             capture_output=True, text=True).stdout
        sites = out.count('section "oli_sites"')
    print(f"translation unit: {a.functions} functions (1 in {a.alloc_every} allocates), {lines} lines, "
          f"{sites} site records")
    summary(a, f"clang {a.opt} -gline-tables-only", plain, plug,
            f"{a.functions} fns (1/{a.alloc_every} alloc) / {lines} lines | {sites}")

def cpu_in(cmd):
    return cpu_of(cmd)[0]

def abba(run_plain, run_plugin, runs):
    """CPU seconds of each side, RUNS times, in ABBA order (neither side always
    runs second), after one discarded run of each (the page cache warmed)."""
    run_plain(), run_plugin()
    plain, plug = [], []
    for i in range(runs):
        if i % 2 == 0:
            plain.append(run_plain()); plug.append(run_plugin())
        else:
            plug.append(run_plugin()); plain.append(run_plain())
    return plain, plug

def summary(a, what, plain, plug, row):
    mp, mq = statistics.median(plain), statistics.median(plug)
    print(f"runs: {a.runs} each, alternating (ABBA); CPU seconds (user+sys) of {what}")
    print(f"without plugin: median {mp:.3f} s  (min {min(plain):.3f}, max {max(plain):.3f})")
    print(f"with plugin:    median {mq:.3f} s  (min {min(plug):.3f}, max {max(plug):.3f})")
    print(f"ratio: {mq / mp:.4f}  ({(mq / mp - 1) * 100:+.2f}%)")
    # On a shared machine the fastest run is the least disturbed one.
    print(f"ratio of minima: {min(plug) / min(plain):.4f}")
    print(f"| {a.opt} | {row} | {a.runs} | {mp:.3f} | {mq:.3f} | {mq / mp:.4f} | {min(plug) / min(plain):.4f} |")

def kernels(a):
    """Every bundled kernel compiled once per run, with and without the plugin."""
    root = os.path.abspath(a.kernels)
    common = os.path.join(root, "common")
    if not os.path.isdir(common):
        sys.exit(f"bench.py: --kernels '{a.kernels}' has no common/ directory; give benchmarks/kernels")
    srcs = []
    for d in sorted(os.listdir(root)):
        if d in ("common", "mpi") or not os.path.isdir(os.path.join(root, d)):
            continue  # mpi: needs mpicc
        for f in sorted(os.listdir(os.path.join(root, d))):
            if f.endswith((".c", ".F90", ".f90")):
                srcs.append(os.path.join(root, d, f))
    with tempfile.TemporaryDirectory() as tmp:
        def cmds(plugin):
            out = []
            for i, src in enumerate(srcs):
                fortran = not src.endswith(".c")
                cc = a.flang if fortran else a.clang
                cmd = [cc] + ([f"-fpass-plugin={a.plugin}"] if plugin else []) + [
                    a.opt, "-fopenmp", "-gline-tables-only", "-I" + common, "-c", src,
                    "-o", os.path.join(tmp, "k%d.o" % i)]
                if fortran:
                    cmd += ["-module-dir", tmp]
                out.append(cmd)
            return out
        def run(plugin):
            return sum(cpu_in(c) for c in cmds(plugin))
        plain, plug = abba(lambda: run(False), lambda: run(True), a.runs)
    names = sorted({os.path.basename(os.path.dirname(s)) for s in srcs})
    print(f"bundled kernels: {len(srcs)} files of {', '.join(names)} (C: {a.clang}, Fortran: {a.flang}, -fopenmp)")
    summary(a, f"all compiles, {a.opt} -gline-tables-only", plain, plug, f"bundled kernels ({len(srcs)} files)")

main()
