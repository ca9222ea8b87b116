#!/usr/bin/env python3
"""NUMA lab: write an oli plan (schema oli-plan v1) that gives two objects of
guest/objects.c two different interleave ratios at once.

    mkplan.py BINARY SOURCE OUT.plan        e.g. heap 3:1, calloc 1:1

The site IDs come from BINARY's `oli_sites` ELF section (layout of __oli_site_t in
include/oli_abi.h: magic u32, size u16, kind u8, flags u8, id u64, size_hint u64,
line u32, ...); the source lines from the `X_line = __LINE__` markers of SOURCE.
"""
import json
import re
import struct
import sys

MAGIC = 0x314C4F53
WANT = {"heap": "3:1", "calloc": "1:1"}


def section(path, name):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        sys.exit("oli-lab: error: %s is not a 64-bit ELF file" % path)
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    def sh(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
    stroff = sh(shstrndx)[4]
    for i in range(shnum):
        h = sh(i)
        nm = data[stroff + h[0]:data.index(b"\0", stroff + h[0])].decode()
        if nm == name:
            return data[h[4]:h[4] + h[5]]
    sys.exit("oli-lab: error: %s has no %s section (not built with the oli plugin?)" % (path, name))


def records(sec):
    off = 0
    while off + 48 <= len(sec):
        magic, size = struct.unpack_from("<IH", sec, off)
        if magic == 0 and size == 0:
            off += 8  # padding between modules
            continue
        if magic != MAGIC or size < 48 or size % 8:
            sys.exit("oli-lab: error: bad site record at offset %d of oli_sites" % off)
        kind, flags, sid, hint, line = struct.unpack_from("<BBQQI", sec, off + 6)
        yield {"kind": kind, "id": sid, "line": line}
        off += size


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: mkplan.py BINARY SOURCE OUT.plan")
    binary, source, out = sys.argv[1:]
    lines = {}
    with open(source) as f:
        for no, text in enumerate(f, 1):
            m = re.search(r"const int (\w+)_line = __LINE__", text)
            if m:
                lines[m.group(1)] = no
    by_line = {}
    for r in records(section(binary, "oli_sites")):
        by_line.setdefault(r["line"], []).append(r)
    sites = []
    for obj, ratio in WANT.items():
        recs = by_line.get(lines.get(obj, -1), [])
        if len(recs) != 1:
            sys.exit("oli-lab: error: %s: expected one site at %s line %s, found %d" % (
                binary, source, lines.get(obj), len(recs)))
        sites.append({"id": "0x%016x" % recs[0]["id"], "name": obj, "line": recs[0]["line"],
                      "decision": "interleave", "ratio": ratio})
    plan = {"schema": "oli-plan", "version": 1, "program": "lab_objects",
            "weights": "4:1", "sites": sites}
    with open(out, "w") as f:
        json.dump(plan, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
