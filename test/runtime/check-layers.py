#!/usr/bin/env python3
"""runtime/layers: liboli's folders are layers (runtime/internal.h), lowest
first; a file may call its own layer and those below, never one above, and no
more than 3 object files may call each other in a circle.

Reads the symbols of liboli's object files (nm): which object defines each
global symbol and which objects use it. Usage:
  check-layers.py NM OBJECT...
The layer of an object is the runtime folder it was compiled from
(.../oli_rt_objs.dir/memory/arena.c.o -> memory; none -> the top). Prints
every back-call and every circle of more than 3 files, one line each; exit 1
when there is one, 0 otherwise."""
import collections
import os
import subprocess
import sys

LAYERS = ["os", "base", "memory", "policy", "objects", "outputs", "top"]
MAX_CIRCLE = 3


def layer_and_name(path):
    parts = path.replace("\\", "/").split("/")
    name = parts[-1][: -len(".c.o")] if parts[-1].endswith(".c.o") else parts[-1]
    folder = parts[-2] if len(parts) > 1 else ""
    return (folder if folder in LAYERS else "top"), name


def symbols(nm, obj):
    out = subprocess.run([nm, obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "TDBRVWGS":
            defined.add(f[2])
        elif len(f) == 2 and f[0] == "U":
            used.add(f[1])
    return defined, used


def circles(nodes, edges):
    """Strongly connected components (Tarjan), iterative."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out


def main(argv):
    if len(argv) < 3:
        print("usage: check-layers.py NM OBJECT...", file=sys.stderr)
        return 2
    nm, objs = argv[1], argv[2:]
    layer, definer, uses = {}, {}, {}
    for obj in objs:
        lay, name = layer_and_name(obj)
        layer[name] = lay
        d, u = symbols(nm, obj)
        for s in d:
            definer.setdefault(s, name)
        uses[name] = u
    edges = collections.defaultdict(set)
    bad = 0
    for user in sorted(uses):
        for s in sorted(uses[user]):
            owner = definer.get(s)
            if owner is None or owner == user:
                continue
            edges[user].add(owner)
            if LAYERS.index(layer[owner]) > LAYERS.index(layer[user]):
                print(f"runtime/layers: {layer[user]}/{user}.c calls {s} of {layer[owner]}/{owner}.c, a layer above")
                bad += 1
    for comp in circles(set(uses), edges):
        if len(comp) > MAX_CIRCLE:
            print(f"runtime/layers: {len(comp)} files call each other in a circle: {' '.join(comp)}")
            bad += 1
    largest = max((len(c) for c in circles(set(uses), edges)), default=0)
    print(f"runtime/layers: {len(objs)} objects, {sum(len(e) for e in edges.values())} calls between files, "
          f"largest circle {largest}, {bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
