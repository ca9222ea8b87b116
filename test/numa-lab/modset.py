#!/usr/bin/env python3
"""NUMA lab: the kernel modules a guest must insmod, in load order.

    modset.py MODULES_DIR OUT_DIR MODULE...

MODULES_DIR is lib/modules/RELEASE of an extracted kernel package (prepare.sh);
each MODULE and, first, every module it depends on (the `depends=` entry of its
.modinfo section) is
decompressed into OUT_DIR; the load order is printed, one file name a line.
Modules built into the kernel are not found and are skipped silently.
"""
import lzma
import os
import re
import sys


def load(path):
    data = open(path, "rb").read()
    return lzma.decompress(data) if path.endswith(".xz") else data


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: modset.py MODULES_DIR OUT_DIR MODULE...")
    mdir, out, want = sys.argv[1], sys.argv[2], sys.argv[3:]
    files = {}
    for root, _, names in os.walk(os.path.join(mdir, "kernel")):
        for n in names:
            if n.endswith((".ko", ".ko.xz")):
                files[n.split(".ko")[0].replace("-", "_")] = os.path.join(root, n)
    order, seen = [], set()

    def visit(name):
        name = name.replace("-", "_")
        if name in seen or name not in files:
            return
        seen.add(name)
        m = re.search(rb"(?:^|\0)depends=([^\0]*)\0", load(files[name]))
        deps = m.group(1).decode() if m else ""
        for d in filter(None, deps.split(",")):
            visit(d)
        order.append(name)

    for w in want:
        if w.replace("-", "_") not in files:
            print("oli-lab: note: module %s not found (built in?)" % w, file=sys.stderr)
        visit(w)
    os.makedirs(out, exist_ok=True)
    for name in order:
        data = load(files[name])
        with open(os.path.join(out, name + ".ko"), "wb") as f:
            f.write(data)
        print(name + ".ko")


if __name__ == "__main__":
    main()
