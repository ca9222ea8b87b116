#!/usr/bin/env python3
"""runtime/placed-path: which of liboli's source files one placed allocation
enters (docs/benchmarks-overhead.md, "The path of one placed allocation").

Runs PROGRAM (placed-path.c: three 2 MiB mallocs at one tagged site) under
gdb, OLI_POLICY=oli, OLI_MIN_SIZE=1M, and single-steps (stepi) the call
between the markers around the CALL-th malloc (0-based; default 2: the
block recycled, the group's decision known). Every change of source file
is a stop; code inlined from headers (internal.h's helpers) and files
outside the source tree (glibc) are no stop. Prints the stops and each
file's count; exit 1 when a file has more than MAX stops (default 2),
77 when gdb or liboli's line tables are missing.

Under gdb every allocation comes more than 10 ms after the last, so the
unplaced bytes' sample (memory/unplaced.c, taken at most every 10 ms on the
placed path) would be due on every walk: --steady (the default) fixes the
sample's figures first (_oli_unplaced_fix with the figures of the last
sample), as between two samples; --sample walks with the sample due.

  placed-path.py [--gdb GDB] [--call N] [--max N] [--sample] SRC PROGRAM
Inside gdb (-x) the same file does the walk, its arguments in OLI_WALK_*."""
import collections
import os
import shutil
import subprocess
import sys


def walk():  # runs inside gdb
    import gdb
    src = os.path.realpath(os.environ["OLI_WALK_SRC"])
    call = int(os.environ["OLI_WALK_CALL"])
    gdb.execute("set pagination off")
    gdb.execute("set confirm off")
    gdb.execute("break oli_walk_begin if i == %d" % call, to_string=True)
    gdb.execute("run", to_string=True)
    if os.environ.get("OLI_WALK_SAMPLE") != "1":
        gdb.execute("call (void)_oli_unplaced_fix(_oli_unplaced_last.heap, _oli_unplaced_last.data)",
                    to_string=True)
    gdb.execute("finish", to_string=True)
    stops, steps = [], 0
    while True:
        gdb.execute("stepi", to_string=True)
        steps += 1
        frame = gdb.selected_frame()
        if frame.name() == "oli_walk_end":
            break
        sal = gdb.find_pc_line(frame.pc())
        name = sal.symtab.fullname() if sal.symtab else None
        if not name or not name.startswith(src + "/") or not name.endswith(".c"):
            continue
        rel = name[len(src) + 1:-2]
        if not rel.startswith(("runtime/", "common/")):
            continue  # the program itself
        rel = rel[len("runtime/"):] if rel.startswith("runtime/") else rel
        if not stops or stops[-1] != rel:
            stops.append(rel)
    print("WALK %d %s" % (steps, " ".join(stops)))
    gdb.execute("kill")


def main(argv):
    args, opts = [], {"--gdb": "gdb", "--call": "2", "--max": "2"}
    sample = False
    it = iter(argv)
    for a in it:
        if a in opts:
            opts[a] = next(it)
        elif a == "--sample":
            sample = True
        else:
            args.append(a)
    if len(args) != 2:
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        return 2
    src, prog = args
    gdbexe = shutil.which(opts["--gdb"])
    if not gdbexe:
        print("placed-path: skipped: no gdb (%s) on PATH" % opts["--gdb"])
        return 77
    env = dict(os.environ, OLI_WALK_SRC=src, OLI_WALK_CALL=opts["--call"], OLI_WALK_SAMPLE="1" if sample else "0",
               OLI_POLICY="oli", OLI_MIN_SIZE="1M")
    for k in ("OLI_PLAN", "OLI_PROFILE", "OLI_FOOTPRINT", "OLI_DRAM_LIMIT", "OLI_VERBOSE"):
        env.pop(k, None)
    r = subprocess.run([gdbexe, "-q", "-batch", "-nx", "-x", os.path.abspath(__file__), "--args", prog],
                       env=env, capture_output=True, text=True, timeout=600)
    line = next((l for l in r.stdout.splitlines() if l.startswith("WALK ")), None)
    if line is None:
        print(r.stdout[-3000:] + r.stderr[-3000:])
        print("placed-path: gdb did not finish the walk (is liboli built with -g?)")
        return 1
    f = line.split()
    steps, stops = int(f[1]), f[2:]
    if "objects/placed" not in stops:
        print("placed-path: skipped: no stop in liboli's sources (no line tables: build with -g)")
        return 77
    count = collections.Counter(stops)
    print("%d instructions, %d stops:" % (steps, len(stops)))
    print(" -> ".join(stops))
    for name, n in sorted(count.items(), key=lambda kv: (-kv[1], kv[0])):
        print("  %-20s %d" % (name, n))
    over = [n for n, c in count.items() if c > int(opts["--max"])]
    if over:
        print("placed-path: more than %s stops in %s" % (opts["--max"], ", ".join(sorted(over))))
        return 1
    return 0


if __name__ == "__main__":
    try:
        import gdb  # noqa: F401
        walk()
    except ImportError:
        sys.exit(main(sys.argv[1:]))
