#!/usr/bin/env python3
"""NUMA lab host-side checker: parse a guest console log and assert.

    check.py --suite probe|oli --kernel 6.12|6.1 LOG

The guest prints (see guest/init and the suite scripts):
    OLI-LAB-BEGIN kernel=RELEASE ...
    OLI-LAB <group> key=value ...          result lines
    OLI-LAB-JSON-BEGIN <name>              a JSON document (the runtime's report)
    ...
    OLI-LAB-JSON-END <name>
    OLI-LAB-END suite_status=N ...
A log without OLI-LAB-END (guest panic, hang, timeout) fails: QEMU's exit status
says nothing. Every failure names the object and the value expected and found;
after any failure the console tail is printed.

The expectations are those of topologies/two-socket-cxl.args: node 0 = CPU 0 +
1 GiB, node 1 = CPU 1 + 1 GiB, node 2 = CPU-less 1 GiB (initiator node 0), HMAT
100 ns / 20 GB/s local, 300 ns / 5 GB/s to node 2. Exit 0 pass, 1 fail, 2 usage.
"""
import argparse
import json
import re
import sys

TAIL_LINES = 60

# The machine of topologies/two-socket-cxl.args, as Linux shows it.
TOPO = {
    "nodes": {0: "0", 1: "1", 2: "-"},               # node -> cpulist
    "mem_kb": (900 * 1024, 1024 * 1024),              # each node: 1 GiB minus kernel use
    "bw": {0: 20480, 1: 20480, 2: 5120},              # MB/s: QEMU's 20G/5G are GiB/s
    "lat": {0: 100, 1: 100, 2: 300},                  # ns
    "initiators": {0: "0", 1: "1", 2: "0"},
    "dist": {0: [10, 20, 30], 1: [20, 10, 30], 2: [30, 30, 10]},
    "dram": [0, 1],
    "cxl": [2],
}


class Lab:
    """Parsed console log."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.text = f.read().decode("utf-8", "replace")
        self.lines = self.text.splitlines()
        self.begin = None
        self.end = None
        self.results = []  # (group, {k: v}, raw line)
        self.json = {}     # name -> text
        cur = None
        buf = []
        for raw in self.lines:
            line = raw.rstrip("\r")
            if cur is not None:
                m = re.match(r"^OLI-LAB-JSON-END (\S+)", line)
                if m:
                    self.json[cur] = "\n".join(buf)
                    cur = None
                else:
                    buf.append(line)
                continue
            if line.startswith("OLI-LAB-BEGIN"):
                self.begin = kv(line[len("OLI-LAB-BEGIN"):])
            elif line.startswith("OLI-LAB-END"):
                self.end = kv(line[len("OLI-LAB-END"):])
            elif line.startswith("OLI-LAB-JSON-BEGIN "):
                cur = line.split()[1]
                buf = []
            elif line.startswith("OLI-LAB "):
                parts = line.split(None, 2)
                if len(parts) >= 2:
                    self.results.append((parts[1], kv(parts[2] if len(parts) > 2 else ""), line))

    def group(self, name):
        return [r for g, r, _ in self.results if g == name]

    def one(self, group, key, value):
        for g, r, _ in self.results:
            if g == group and r.get(key) == value:
                return r
        return None


def kv(s):
    out = {}
    for tok in s.split():
        if "=" in tok:
            k, v = tok.split("=", 1)
            out[k] = v
    return out


def nodelist(s):
    """'0-1,3' -> [0, 1, 3]; '-' or '' -> []."""
    out = []
    if s in ("", "-"):
        return out
    for part in s.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


class Checker:
    def __init__(self, lab, kernel):
        self.lab = lab
        self.kernel = kernel
        self.failures = []
        self.passes = 0

    def expect(self, cond, what, detail=""):
        if cond:
            self.passes += 1
        else:
            self.failures.append(what + (": " + detail if detail else ""))
        return cond

    def eq(self, what, expected, got):
        return self.expect(expected == got, what, "expected %r, got %r" % (expected, got))

    def need(self, group, key, value):
        r = self.lab.one(group, key, value)
        self.expect(r is not None, "%s %s=%s" % (group, key, value), "result line missing")
        return r

    def pages(self, what, r, expected, tolerance=0.0):
        """r has n0.. counters (and 'pages'); expected {node: pages}; tolerance:
        fraction of all pages by which each node may differ."""
        total = int(r.get("pages", 0))
        got = {n: int(r.get("n%d" % n, 0)) for n in (0, 1, 2)}
        ok = int(r.get("bad", 0)) == 0
        for n in (0, 1, 2):
            if abs(got[n] - expected.get(n, 0)) > tolerance * total:
                ok = False
        self.expect(ok, what, "pages per node expected %s (+-%.0f), got %s bad=%s" % (
            fmt_pages(expected), tolerance * total, fmt_pages(got), r.get("bad", "?")))


def fmt_pages(d):
    return " ".join("n%s=%s" % (k, d[k]) for k in sorted(d))


# ---- suite: probe (the guest kernel, no oli) ------------------------------------
def check_probe(c):
    lab, k = c.lab, c.kernel
    nodes = {int(r["node"]): r for r in lab.group("probe.node")}
    c.eq("probe.node: node set", sorted(TOPO["nodes"]), sorted(nodes))
    for n, r in sorted(nodes.items()):
        if n not in TOPO["nodes"]:
            continue
        c.eq("node%d cpulist" % n, TOPO["nodes"][n], r.get("cpus"))
        mem = int(r.get("mem_kb", 0))
        lo, hi = TOPO["mem_kb"]
        c.expect(lo <= mem <= hi, "node%d MemTotal" % n, "expected %d..%d kB, got %d" % (lo, hi, mem))
        c.eq("node%d HMAT access0 read_bandwidth (MB/s)" % n, str(TOPO["bw"][n]), r.get("bw"))
        c.eq("node%d HMAT access0 read_latency (ns)" % n, str(TOPO["lat"][n]), r.get("lat"))
        c.eq("node%d HMAT access0 initiators" % n, TOPO["initiators"][n], r.get("initiators"))
        c.eq("node%d SLIT distances" % n, TOPO["dist"][n], [int(x) for x in r.get("dist", "").split(",") if x])

    tiers = {int(r["tier"]): nodelist(r["nodes"]) for r in lab.group("probe.tiers")}
    tier_of = {n: t for t, ns in tiers.items() for n in ns}
    c.eq("memory tiers: every node has a tier", [0, 1, 2], sorted(tier_of))
    if k == "6.12" and len(tier_of) == 3:
        # HMAT-driven tiering (6.9+): the slow CPU-less node sits in a lower tier
        # (a higher abstract distance, i.e. a larger tier number).
        c.eq("6.12: DRAM nodes 0,1 share a tier", tier_of[0], tier_of[1])
        c.expect(tier_of[2] > tier_of[0], "6.12: node2 in a slower memory tier than DRAM",
                 "tiers %s" % tiers)
    wi = lab.one("probe.wi", "present", "1") is not None
    c.eq("weighted_interleave sysfs folder present", k == "6.12", wi)

    def place(name):
        return c.need("probe.place", "name", name)

    for name, exp in [("bind2", {2: 4096}), ("preferred1", {1: 4096}),
                      ("interleave02", {0: 8192, 2: 8192}), ("migrate0to2", {2: 2048}),
                      ("local_cpu1", {1: 4096}), ("local_cpu0", {0: 4096})]:
        r = place(name)
        if r is not None and c.eq("probe %s: syscall status" % name, "0", r.get("rc")):
            c.pages("probe %s" % name, r, exp)
    r = place("wi31")
    if r is not None:
        if k == "6.12":
            if c.eq("probe wi31 (MPOL_WEIGHTED_INTERLEAVE 3:1 over 0,2): mbind status", "0", r.get("rc")):
                c.pages("probe wi31 (3:1 over 0,2)", r, {0: 12288, 2: 4096})
        else:
            c.eq("probe wi31: mbind(MPOL_WEIGHTED_INTERLEAVE) on 6.1 fails with EINVAL",
                 ("-1", "22"), (r.get("rc"), r.get("errno")))
    c.expect(lab.one("probe.exit", "status", "0") is not None, "probe program exit status 0",
             "got %s" % [r.get("status") for r in lab.group("probe.exit")])


SUITES = {"probe": check_probe}


def main():
    ap = argparse.ArgumentParser(description="NUMA lab console checker")
    ap.add_argument("--suite", required=True)
    ap.add_argument("--kernel", required=True, choices=["6.12", "6.1"])
    ap.add_argument("log")
    a = ap.parse_args()
    if a.suite not in SUITES:
        print("oli-lab: error: --suite '%s' is not one of %s" % (a.suite, ", ".join(sorted(SUITES))),
              file=sys.stderr)
        return 2
    try:
        lab = Lab(a.log)
    except OSError as e:
        print("oli-lab: error: cannot read console log '%s': %s" % (a.log, e.strerror), file=sys.stderr)
        return 1
    c = Checker(lab, a.kernel)
    if lab.begin is None:
        c.failures.append("guest never printed OLI-LAB-BEGIN (kernel did not boot to /init)")
    else:
        rel = lab.begin.get("kernel", "")
        c.expect(re.match(re.escape(a.kernel) + r"[.-]", rel) is not None, "guest kernel series",
                 "expected %s.x, booted %s" % (a.kernel, rel))
        if lab.end is None:
            c.failures.append("guest never printed OLI-LAB-END (panic, hang or timeout)")
        SUITES[a.suite](c)
    name = "%s/%s" % (a.suite, a.kernel)
    if c.failures:
        print("---- console tail (%s) ----" % a.log)
        for line in lab.lines[-TAIL_LINES:]:
            print(line.rstrip("\r"))
        print("---- end of console tail ----")
        for f in c.failures:
            print("oli-lab: FAIL [%s]: %s" % (name, f))
        print("oli-lab: %s: %d passed, %d failed" % (name, c.passes, len(c.failures)))
        return 1
    print("oli-lab: %s: %d passed, 0 failed (kernel %s, guest uptime at end %ss)" % (
        name, c.passes, lab.begin.get("kernel"), (lab.end or {}).get("uptime", "?")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
