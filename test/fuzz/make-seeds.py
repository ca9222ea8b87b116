#!/usr/bin/env python3
"""make-seeds.py - (re)write the hand-made seed inputs of the fuzz targets.

Run from anywhere: python3 test/fuzz/make-seeds.py. Seeds are small, valid or
nearly valid inputs that show libFuzzer the shape of each format; the fuzzer
finds the rest. Inputs found by fuzzing that crashed once live beside them as
crash-* files and are never rewritten here."""
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
MAGIC = 0x314C4F53


def put(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def record(site_id, kind=1, flags=3, hint=0, line=10, rel=2, file="a.c", func="main", name="buf"):
    strs = file.encode() + b"\0" + func.encode() + b"\0" + name.encode() + b"\0"
    size = 48 + len(strs)
    size = (size + 7) // 8 * 8
    strs = strs.ljust(size - 48, b"\0")
    hdr = struct.pack("<IHBBQQIIHHHHQ", MAGIC, size, kind, flags, site_id, hint, line, rel,
                      len(file), len(func), len(name), 0, 0)
    assert len(hdr) == 48
    return hdr + strs


def siterec():
    put("siterec", "one", record(0x3F2A9C0D11E4B5A7, hint=4096))
    put("siterec", "two-with-padding",
        record(1, kind=9, name="") + b"\0" * 16 + record(2, kind=12, flags=1, hint=1 << 30))
    put("siterec", "all-kinds", b"".join(record(k * 7, kind=k, func="f%d" % k) for k in range(1, 16)))
    bad = bytearray(record(5))
    bad[4] = 0xFF  # size runs past the end
    put("siterec", "bad-size", bytes(bad))
    put("siterec", "truncated", record(6)[:40])


def json_docs():
    report = open(os.path.join(HERE, "..", "..", "docs", "report-schema.md")).read()
    start = report.index("```json") + len("```json")
    example = report[start:report.index("```", start)]
    put("json", "report-example.json", example)
    put("doc", "report-example.json", example)
    put("json", "scalars.json", '[0, -1, 18446744073709551615, 1e6, 1.5e-3, true, false, null, "\\u00e9\\n"]')
    put("json", "nested.json", '{"a": {"b": [[[{"c": "d"}]]]}, "e": []}')
    put("json", "huge-int.json", '[184467440737095516160, -9223372036854775809]')
    put("json", "bad-comma.json", '{"a": 1,}')
    put("json", "surrogates.json", '["\\ud83d\\ude00", "\\udc00"]')
    plan = ('{"schema": "oli-plan", "version": 1, "program": "cg", "dram_limit": 1073741824,\n'
            ' "sites": [{"id": "0x0000000000000001", "decision": "interleave", "ratio": "3:1"},\n'
            '           {"id": "0x0000000000000002", "decision": "cxl"},\n'
            '           {"id": "0x0000000000000003", "decision": "dram"}]}\n')
    put("doc", "plan.json", plan)
    put("plan", "plan.json", plan)
    put("json", "plan.json", plan)
    profile = ('{"schema": "oli-profile", "version": 1, "program": "cg", "footprint_peak": 500000000,\n'
               ' "runs": 2, "access_source": "portable",\n'
               ' "sites": [{"id": "0x00000000000000aa", "kind": "malloc", "file": "cg.c", "line": 12,\n'
               '            "function": "main", "count": 1, "total_bytes": 400000000, "largest": 400000000,\n'
               '            "peak_live": 400000000, "accesses": 1000, "lifetime_ns": 5000}]}\n')
    put("doc", "profile.json", profile)
    put("plan", "profile.json", profile)
    put("plan", "plan-locations.json",
        '{"schema": "oli-plan", "version": 1, "program": "cg", "dram_limit": 0,\n'
        ' "sites": [{"id": "0x00000000000000ff", "file": "cg.c", "function": "main", "rel": 2, "kind": "malloc", "name": "a", "decision": "interleave", "ratio": "5:2"},\n'
        '           {"id": "0x0000000000000002", "decision": "interleave", "ratio": "0:1"},\n'
        '           {"id": "0x0000000000000999", "decision": "interleave", "ratio": "2:1:1"}]}\n')
    put("doc", "bad-version.json", '{"schema": "oli-report", "version": 2, "sites": []}')
    put("doc", "dup-id.json", '{"schema": "oli-plan", "version": 1, "sites": ['
        '{"id": "0x0000000000000001", "decision": "dram"}, {"id": "0x0000000000000001", "decision": "cxl"}]}')


def size():
    for i, s in enumerate(["64G", "512M", "4096", "1.5T", "1KiB", "7B", "18446744073709551615",
                           "16E", "0.000000001P", "unlimited"]):
        put("size", "s%02d" % i, s)


def options():
    for i, s in enumerate(["oli", "uniform", "3:1", "2:1:1", "0-1,3", "force:2", "64G", "100",
                           "json", "yes", "/tmp/r-%p-%r-%h.json", "%%x", "0-63", "1:0",
                           "99999999999999999999:1", "63-0"]):
        put("options", "o%02d" % i, s)


def elf():
    """An object file with one oli_sites record, and one with none (named .elf:
    .gitignore ignores *.o)."""
    recs = record(0x1234, hint=1 << 20) + record(0x5678, kind=13, func="MAIN_", name="a")
    body = ", ".join("0x%02x" % b for b in recs)
    src = ('__attribute__((section("oli_sites"), used, aligned(8)))\n'
           'static const unsigned char sites[] = {%s};\nint f(void) { return 1; }\n' % body)
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in (("with-sites.elf", src), ("no-sites.elf", "int g(void) { return 2; }\n")):
            c = os.path.join(tmp, "s.c")
            o = os.path.join(tmp, name)
            open(c, "w").write(text)
            subprocess.check_call(["clang-19", "-c", "-O0", "-g0", "-o", o, c])
            subprocess.check_call(["llvm-strip-19", "--strip-unneeded", "-R", ".comment",
                                   "-R", ".note.GNU-stack", "-R", ".llvm_addrsig", o])
            put("elf", name, open(o, "rb").read())


def topology():
    """Input format of fuzz-topology.c: file contents separated by NUL bytes in
    the order of its `files` table ("!" = file absent)."""
    def tree(online, has_memory, cpulist, meminfo, distance, bw, lat, wi, tiers):
        parts = [online, has_memory] + cpulist + meminfo + distance + bw + lat + wi + tiers
        return "\0".join(parts)
    mi = lambda n, kb: "Node %d MemTotal: %d kB\nNode %d MemFree: %d kB\n" % (n, kb, n, kb // 2)
    put("topology", "server-cxl", tree(
        "0-2\n", "0-2\n", ["0-3\n", "4-7\n", "\n", "!"],
        [mi(0, 1 << 20), mi(1, 1 << 20), mi(2, 2 << 20), "!"],
        ["10 21 14\n", "21 10 24\n", "14 24 10\n", "!"],
        ["20000\n", "20000\n", "6000\n", "!"], ["100\n", "100\n", "250\n", "!"],
        ["3\n", "3\n", "1\n", "!"], ["0-1\n", "2\n"]))
    put("topology", "one-node", tree("0\n", "0\n", ["0-1\n", "!", "!", "!"], [mi(0, 4 << 20), "!", "!", "!"],
        ["10\n", "!", "!", "!"], ["!"] * 4, ["!"] * 4, ["!"] * 4, ["!", "!"]))
    put("topology", "memoryless", tree("0-3\n", "0,2-3\n", ["0\n", "1\n", "\n", "\n"],
        [mi(0, 1 << 20), mi(1, 0), mi(2, 1 << 20), mi(3, 1 << 20)],
        ["10 20 30 40\n", "20 10 30 40\n", "30 30 10 40\n", "40 40 40 10\n"],
        ["!"] * 4, ["!"] * 4, ["!"] * 4, ["0-1\n", "2-3\n"]))
    put("topology", "garbage", tree("x-y\n", "0-99999\n", ["0-99999999\n", "3,1-0", "", "!"],
        ["Node 0 MemTotal: 99999999999999999999 kB", "", "!", "!"],
        ["10 300 -1", "", "!", "!"], ["4294967296\n", "0", "!", "!"], ["!"] * 4, ["0", "1", "!", "!"],
        ["63", "0-63"]))


SUM_MAGIC = 0x314D5553
USE, EDGE = 1, 2


def srec(what, key, from_key="", from_site=0, weight=0.0, flags=0, locals_=(), per_byte0=0.0,
         execs0=0.0, sample=None):
    """One access-summary record as common/summary.c writes it (version 5);
    sample: (syms, sample_execs0, sample_bytes) for the second view."""
    kb, fb = key.encode(), from_key.encode()
    tail = 72 + 8 * len(locals_) + len(kb) + 1 + len(fb) + 1
    yb = sample[0].encode() if sample else b""
    need = ((tail + 3) & ~3) + 4 + 4 * 16 + len(yb) + 1 if sample else tail
    need = (need + 7) & ~7
    b = bytearray(need)
    struct.pack_into("<IHBBQfBxHHHH", b, 0, SUM_MAGIC, need, 5, what, from_site, weight, flags, 1,
                     len(kb), len(fb), len(locals_))
    struct.pack_into("<f", b, 32, weight if what == EDGE else per_byte0)
    struct.pack_into("<f", b, 48, execs0)
    q = 72
    for v in locals_:
        struct.pack_into("<Q", b, q, v)
        q += 8
    b[q:q + len(kb)] = kb
    b[q + len(kb) + 1:q + len(kb) + 1 + len(fb)] = fb
    if sample:
        x = (tail + 3) & ~3
        struct.pack_into("<BxH", b, x, 0, len(yb))
        struct.pack_into("<f", b, x + 4 + 4 * 4, sample[1])
        struct.pack_into("<f", b, x + 4 + 4 * 15, sample[2])
        b[x + 68:x + 68 + len(yb)] = yb
    return bytes(b)


def summary():
    site = 0xBA4C
    pk = "~=bank_init#0=run_events#1@000000000000ba4c"
    both = "bank_init#0,run_events#1"
    put("summary", "hypothesis",
        srec(EDGE, pk, from_site=site, weight=1, sample=(both, 0, 8 * 2047))
        + srec(USE, pk, locals_=(site,), sample=(both, 6 * 2047, 0))
        + srec(EDGE, "bank_init()", "main()", weight=1, sample=("bank_init#0=%main.3:main.c", 0, 0))
        + srec(EDGE, "run_events()", "solve()", weight=1, sample=("run_events#0=0,run_events#1=solve#0", 0, 0))
        + srec(EDGE, "solve()", "main()", weight=1, sample=("solve#0=%main.3:main.c", 0, 0))
        + srec(EDGE, "run_events()", "other()", flags=0x80, sample=("run_events#1=7", 0, 0)))
    put("summary", "keys",
        srec(EDGE, "solve#0", from_site=0x1234, weight=1, sample=("solve#1", 0, 8 * 2047))
        + srec(EDGE, "relax#0", "solve#0", weight=10, sample=("relax#1=solve#1", 0, 0))
        + srec(USE, "relax#0", per_byte0=0.01, sample=("relax#1", 2 * 2047, 0))
        + srec(EDGE, "@g+0", from_site=0x1234, weight=1)
        + srec(USE, "@g+0", "step()", per_byte0=0.125)
        + srec(EDGE, "step()", "main()", weight=5) + bytes(8))
    put("summary", "twin",
        srec(EDGE, "@u+0", from_site=0x6106, weight=1, sample=("init#0", 0, 8 * 2047))
        + srec(USE, "@u+0", "step()", per_byte0=0.1875, flags=0x01)
        + srec(USE, "~@u+0", "step()", per_byte0=0.1875, flags=0x01, sample=("step#0", 2 * 2047, 0))
        + srec(EDGE, "init()", "main()", weight=1, sample=("init#0=%main.3:main.c", 0, 0))
        + srec(EDGE, "step()", "main()", weight=10, sample=("step#0=%main.3:main.c", 0, 0)))
    put("summary", "wrapper",
        srec(EDGE, "~alloc_vec#0@0000000000000077", from_site=0x77, weight=1, sample=("alloc_vec#0", 0, 2047))
        + srec(USE, "~alloc_vec#0@0000000000000077", locals_=(0x77,), sample=("alloc_vec#0", 2047, 0))
        + srec(EDGE, "alloc_vec#r", from_site=0x88, weight=1, sample=("alloc_vec#0", 0, 8 * 2047)))


if __name__ == "__main__":
    siterec()
    summary()
    json_docs()
    size()
    options()
    elf()
    topology()
    print("seeds written under", CORPUS)
