#!/usr/bin/env python3
"""NUMA lab host-side checker: parse a guest console log and assert.

    check.py --suite probe|oli|faults|placement|cxl|four-node|baselines|tiering|calibrate|gate|boot --kernel 6.12|6.1 LOG
                                 (oli: assertions 1-5 of issue 4, faults: 6, both
                                 on the oli suite's log; four-node: the oli runtime
                                 on topologies/four-node.args; boot: markers only)
    check.py --suite placement --expect-findings ...   issue 11's findings must reproduce
    check.py --show LOG          print the results and reports, assert nothing
                                 (for topologies no suite asserts)

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

The expectations are those of topologies/two-socket-cxl.args (TOPO): node 0 =
CPU 0 + 1 GiB, node 1 = CPU 1 + 1 GiB, node 2 = CPU-less 1 GiB (initiator node 0),
HMAT 100 ns / 20 GB/s local, 300 ns / 5 GB/s to node 2; the four-node suite's are
those of topologies/four-node.args (TOPO_FOUR). Exit 0 pass, 1 fail, 2 usage.
"""
import argparse
import json
import re
import sys

import baselines

TAIL_LINES = 60

GIB_KB = (900 * 1024, 1024 * 1024)                   # MemTotal of a 1 GiB node: minus kernel use
HALF_GIB_KB = (450 * 1024, 512 * 1024)                 # of a 512 MiB node

# The machine of topologies/two-socket-cxl.args, as Linux shows it.
TOPO = {
    "nodes": {0: "0", 1: "1", 2: "-"},               # node -> cpulist
    "mem_kb": {0: GIB_KB, 1: GIB_KB, 2: GIB_KB},      # node -> MemTotal range
    "bw": {0: 20480, 1: 20480, 2: 5120},              # MB/s: QEMU's 20G/5G are GiB/s
    "lat": {0: 100, 1: 100, 2: 300},                  # ns
    "initiators": {0: "0", 1: "1", 2: "0"},
    "dist": {0: [10, 20, 30], 1: [20, 10, 30], 2: [30, 30, 10]},
    "dram": [0, 1],
    "cxl": [2],
    "sockets": {0: (2, 1), 1: (2, 0)},                # local node -> (cxl_node, remote_node)
}

# The machine of topologies/four-node.args: each socket has its own CPU-less node
# (2 at socket 0, 3 at socket 1); HMAT access0 of a CPU-less node is its own
# socket's view (300 ns / 5 GB/s; the other socket's 400 ns / 3 GB/s is not best).
TOPO_FOUR = {
    "nodes": {0: "0", 1: "1", 2: "-", 3: "-"},
    "mem_kb": {0: GIB_KB, 1: GIB_KB, 2: HALF_GIB_KB, 3: HALF_GIB_KB},
    "bw": {0: 20480, 1: 20480, 2: 5120, 3: 5120},
    "lat": {0: 100, 1: 100, 2: 300, 3: 300},
    "initiators": {0: "0", 1: "1", 2: "0", 3: "1"},
    "dist": {0: [10, 20, 30, 40], 1: [20, 10, 40, 30], 2: [30, 40, 10, 50], 3: [40, 30, 50, 10]},
    "dram": [0, 1],
    "cxl": [2, 3],
    "sockets": {0: (2, 1), 1: (3, 0)},
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
        self.skipped = []  # parts not checked, with the reason (printed)
        self.skip_reason = None  # the whole suite cannot run on this kernel
        self.expect_findings = False  # --expect-findings: issue 11's findings must reproduce
        self.findings = {}  # finding -> times seen (check_placement)

    def expect(self, cond, what, detail=""):
        if cond:
            self.passes += 1
        else:
            self.failures.append(what + (": " + detail if detail else ""))
        return cond

    def skip(self, why):
        self.skipped.append(why)

    def skip_all(self, why):
        """The kernel cannot run this suite at all: the test is skipped (exit 77)."""
        self.skip_reason = why

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
        self.expect(ok, what, "pages per node expected %s (+-%.0f), got %s bad=%s (status %s)" % (
            fmt_pages(expected), tolerance * total, fmt_pages(got), r.get("bad", "?"), r.get("bad_status", "?")))


def fmt_pages(d):
    return " ".join("n%s=%s" % (k, d[k]) for k in sorted(d))


# ---- suite: probe (the guest kernel, no oli) ------------------------------------
def check_nodes(c, group, topo):
    """The guest's nodes (lines of group, probe.node's keys) are those of topo."""
    nodes = {int(r["node"]): r for r in c.lab.group(group)}
    c.eq("%s: node set" % group, sorted(topo["nodes"]), sorted(nodes))
    for n, r in sorted(nodes.items()):
        if n not in topo["nodes"]:
            continue
        c.eq("node%d cpulist" % n, topo["nodes"][n], r.get("cpus"))
        mem = int(r.get("mem_kb", 0))
        lo, hi = topo["mem_kb"][n]
        c.expect(lo <= mem <= hi, "node%d MemTotal" % n, "expected %d..%d kB, got %d" % (lo, hi, mem))
        c.eq("node%d HMAT access0 read_bandwidth (MB/s)" % n, str(topo["bw"][n]), r.get("bw"))
        c.eq("node%d HMAT access0 read_latency (ns)" % n, str(topo["lat"][n]), r.get("lat"))
        c.eq("node%d HMAT access0 initiators" % n, topo["initiators"][n], r.get("initiators"))
        c.eq("node%d SLIT distances" % n, topo["dist"][n], [int(x) for x in r.get("dist", "").split(",") if x])


def check_tiers(c, group, topo):
    """Memory tiers (lines of group): every node in one; on 6.12 (HMAT-driven
    tiering, 6.9+) the DRAM nodes share a tier and each CPU-less node sits in a
    slower one (a higher abstract distance, i.e. a larger tier number)."""
    tiers = {int(r["tier"]): nodelist(r["nodes"]) for r in c.lab.group(group)}
    tier_of = {n: t for t, ns in tiers.items() for n in ns}
    c.eq("memory tiers: every node has a tier", sorted(topo["nodes"]), sorted(tier_of))
    if c.kernel == "6.12" and sorted(tier_of) == sorted(topo["nodes"]):
        d0 = topo["dram"][0]
        c.eq("6.12: DRAM nodes %s share a tier" % ",".join(map(str, topo["dram"])), [tier_of[d0]] * len(topo["dram"]),
             [tier_of[n] for n in topo["dram"]])
        for n in topo["cxl"]:
            c.expect(tier_of[n] > tier_of[d0], "6.12: node%d in a slower memory tier than DRAM" % n,
                     "tiers %s" % tiers)


def check_probe(c):
    lab, k = c.lab, c.kernel
    check_nodes(c, "probe.node", TOPO)
    check_tiers(c, "probe.tiers", TOPO)
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


# ---- suite: oli (runtime + plugin; guest/suite-oli.sh, guest/objects.c) ---------
POLICY_ERROR = "oli: error: OLI_POLICY='unifrom' is not one of oli, uniform, dram, cxl, off, rdram"
PLACED = ["heap", "calloc", "aligned", "global", "small"]  # >= OLI_MIN_SIZE (1 MiB)
ALL_OBJECTS = PLACED + ["tiny"]
FORTRAN_OBJECTS = ["falloc", "fsmall", "common"]        # guest/fobjects.F90
GLOBALS = ("global", "common")  # one global site per program; may have no line


def ratio_of(s):
    try:
        return [int(x) for x in str(s).split(":")]
    except ValueError:
        return None


class Run:
    """One run of lab_objects: its object lines, exit status, stderr and report."""

    def __init__(self, c, name, cpu_node, objects=ALL_OBJECTS):
        self.c, self.name, self.local, self.objects = c, name, cpu_node, objects
        lab = c.lab
        self.objs = {r["name"]: r for r in lab.group("obj") if r.get("run") == name}
        st = lab.one("run", "name", name)
        self.status = st.get("status") if st else None
        self.stderr = [l.split(": ", 1)[1] if ": " in l else "" for l in lab.lines
                       if l.startswith("OLI-LAB-STDERR %s:" % name)]
        self.report = None
        self.sites = {}
        txt = lab.json.get(name)
        if txt is not None:
            try:
                self.report = json.loads(txt)
            except ValueError as e:
                c.failures.append("run %s: report is not valid JSON: %s" % (name, e))
        if self.report is not None:
            for s in self.report.get("sites", []):
                f = (s.get("file") or "").rsplit("/", 1)[-1]
                self.sites[(f, s.get("line"))] = s

    def what(self, obj=None):
        return "run %s" % self.name + (" object %s" % obj if obj else "")

    def site(self, obj):
        r = self.objs.get(obj)
        if r is None:
            return None
        s = self.sites.get((r.get("file"), int(r.get("line", -1))))
        if s is None and obj in GLOBALS:
            # -gline-tables-only carries no global variable debug info, so a global's
            # site may have no line: the workload's only global site is it.
            g = [x for x in self.sites.values() if x.get("kind") == "global"]
            s = g[0] if len(g) == 1 else None
        return s

    def basics(self, need_report=True):
        c = self.c
        c.eq(self.what() + ": exit status", "0", self.status)
        alloc = [r for r in c.lab.group("alloc") if r.get("run") == self.name]
        c.eq(self.what() + ": allocations succeeded and data verified (zeroed, aligned, written back)",
             ["1"], [r.get("ok") for r in alloc])
        c.eq(self.what() + ": objects reported by the program", sorted(self.objects), sorted(self.objs))
        if need_report and not c.expect(self.report is not None, self.what() + ": JSON report",
                                        "missing (OLI_REPORT written at exit?)"):
            return False
        if self.report is None:
            return False
        c.eq(self.what() + ": report schema", ("oli-report", 2),
             (self.report.get("schema"), self.report.get("version")))
        topo = self.report.get("topology", {})
        c.eq(self.what() + ": topology.local_node (CPU the run is pinned to)", self.local, topo.get("local_node"))
        for obj in self.objects:
            if obj in self.objs:
                c.expect(self.site(obj) is not None, self.what(obj) + ": site in report",
                         "no site with file %s line %s" % (self.objs[obj].get("file"), self.objs[obj].get("line")))
        return True

    def kernel_pages(self, obj):
        """{node: pages} for every nN field of the object's line (0 when absent)."""
        r = self.objs[obj]
        got = {n: 0 for n in (0, 1, 2)}
        for k, v in r.items():
            if re.fullmatch(r"n\d+", k):
                got[int(k[1:])] = int(v)
        return got

    def expected(self, obj):
        """Pages per node the report's decision promises for obj, or None."""
        s = self.site(obj)
        r = self.objs[obj]
        total = int(r["pages"])
        d = s.get("decision")
        if d in ("dram", "default") or int(s.get("fallbacks") or 0) > 0:
            # default (not placed) and fallbacks (placement failed, default policy
            # used): the kernel's local policy on a pinned CPU
            return {self.local: total}
        if d == "cxl":
            cxl = self.report.get("topology", {}).get("cxl_node")
            return {cxl: total}
        if d == "rdram":
            remote = self.report.get("topology", {}).get("remote_node")
            return {remote: total}
        if d == "interleave":
            nodes = s.get("nodes") or []
            w = ratio_of(s.get("ratio"))
            if not nodes or not w:
                return None
            pairs = [(n, x) for n, x in zip(nodes, w) if x > 0]
            tot = sum(x for _, x in pairs)
            return {n: total * x / tot for n, x in pairs}
        return None

    def match_pages(self, obj, exp, interleave, label):
        """The kernel's pages of obj per node are exp ({node: pages}) within 1% of
        its pages when interleave, plus the pages it shares with neighbouring data
        (r["edge"], 0-2: they cannot be placed); returns the kernel's counts."""
        r = self.objs[obj]
        total = int(r["pages"])
        got = self.kernel_pages(obj)
        tol = (0.01 * total if interleave else 0) + int(r.get("edge", 0))
        ok = int(r.get("bad", 0)) == 0 and int(r.get("nother", 0)) == 0
        for n in set(got) | set(exp):
            if abs(got.get(n, 0) - exp.get(n, 0)) > tol:
                ok = False
        self.c.expect(ok, self.what(obj) + ": " + label, "expected %s (+-%d), kernel has %s bad=%s (status %s)" % (
            " ".join("n%s=%.0f" % (k, v) for k, v in sorted(exp.items())), tol, fmt_pages(got), r.get("bad"),
            r.get("bad_status")))
        return got

    def placement(self, obj, decisions=None):
        """Kernel pages match the report's decision (1% of pages for interleave) and
        the report's pages_achieved; decisions: the allowed decisions."""
        c = self.c
        s = self.site(obj)
        if s is None or obj not in self.objs:
            return
        d = s.get("decision")
        if decisions is not None and not c.expect(d in decisions, self.what(obj) + ": decision",
                                                  "expected one of %s, report says %r (reason %r)" % (
                                                      decisions, d, s.get("reason"))):
            return
        exp = self.expected(obj)
        if not c.expect(exp is not None, self.what(obj) + ": decision readable",
                        "decision %r nodes %r ratio %r" % (d, s.get("nodes"), s.get("ratio"))):
            return
        fb = int(s.get("fallbacks") or 0)
        got = self.match_pages(obj, exp, d == "interleave", "kernel pages per node match decision %s%s" % (
            d, " %s over %s" % (s.get("ratio"), s.get("nodes")) if d == "interleave" and not fb else
            " (fallback: default policy)" if fb else ""))
        ach = s.get("pages_achieved")
        if d != "default" and not s.get("pages_sampled"):
            c.expect(isinstance(ach, dict) and ach, self.what(obj) + ": report pages_achieved",
                     "missing for a placed object")
        if isinstance(ach, dict) and ach and not s.get("pages_sampled"):
            # The report's move_pages and ours cover the same object; allow the
            # runtime's block rounding (a page at each end).
            nodes = set(got) | {int(x) for x in ach if x.isdigit()}
            rep = {n: int(ach.get(str(n), 0)) for n in nodes}
            c.expect(all(abs(rep[n] - got.get(n, 0)) <= 2 for n in nodes),
                     self.what(obj) + ": report pages_achieved agree with the kernel",
                     "report %s, kernel %s" % (fmt_pages(rep), fmt_pages(got)))

    def all_placements(self, decisions=None, objs=None):
        for o in objs or self.objects:
            self.placement(o, decisions)

    def decision(self, obj):
        s = self.site(obj)
        return s.get("decision") if s else None


def check_report_topology(c, run, topo, label):
    """run's report (basics() passed) sees topo from its socket: node kinds, its
    CXL and remote node, HMAT per node, default weights from HMAT bandwidth."""
    t = run.report.get("topology", {})
    nodes = {n.get("node"): n for n in t.get("nodes", [])}
    c.eq("%s topology: DRAM nodes" % label, topo["dram"], sorted(n for n, x in nodes.items() if x.get("kind") == "dram"))
    c.eq("%s topology: CXL nodes" % label, topo["cxl"], sorted(n for n, x in nodes.items() if x.get("kind") == "cxl"))
    cxl = topo["sockets"][run.local][0]
    c.eq("%s topology: cxl_node, remote_node" % label, topo["sockets"][run.local], (t.get("cxl_node"), t.get("remote_node")))
    for n in sorted(topo["nodes"]):
        x = nodes.get(n, {})
        c.eq("%s topology: node%d HMAT read_bandwidth, read_latency" % (label, n), (topo["bw"][n], topo["lat"][n]),
             (x.get("read_bandwidth"), x.get("read_latency")))
    c.eq("%s topology: weighted_interleave (kernel has MPOL_WEIGHTED_INTERLEAVE)" % label, c.kernel == "6.12",
         t.get("weighted_interleave"))
    c.eq("%s topology: weights_source" % label, "hmat", t.get("weights_source"))
    w = ratio_of(run.report.get("options", {}).get("weights"))
    want = topo["bw"][run.local] / topo["bw"][cxl]
    c.expect(w is not None and len(w) >= 2 and w[1] > 0 and abs(w[0] / w[1] - want) <= 0.12 * want,
             "%s default weights derived from HMAT bandwidth (local:CXL = %d:%d)" % (
                 label, topo["bw"][run.local], topo["bw"][cxl]),
             "options.weights = %r" % run.report.get("options", {}).get("weights"))


def check_oli(c):
    lab = c.lab
    oli = Run(c, "oli", 0)
    if oli.basics():
        # 1. topology detection inside the guest
        check_report_topology(c, oli, TOPO, "1.")
        # 2. every object where its decision says; the biggest interleaved, a 2% one on DRAM
        oli.all_placements()
        c.eq("2. run oli: decision of the largest object (32 MiB, 37% of footprint)", "interleave", oli.decision("heap"))
        c.eq("2. run oli: decision of a 2 MiB object (2% of footprint)", "dram", oli.decision("small"))
        s = oli.site("heap")
        if s:
            c.eq("2. run oli: heap ratio = the default weights", oli.report.get("options", {}).get("weights"),
                 s.get("ratio"))

    w11 = Run(c, "weights11", 0)
    if w11.basics():
        w11.all_placements()
        s = w11.site("heap")
        c.eq("2. run weights11 (OLI_WEIGHTS=1:1): heap decision and ratio", ("interleave", [1, 1]),
             (s and s.get("decision"), s and (ratio_of(s.get("ratio")) or [])[:2]))

    if lab.one("run", "name", "plan") is not None:
        plan = Run(c, "plan", 0)
        if plan.basics():
            plan.all_placements()
            got = [(plan.decision(o), (ratio_of((plan.site(o) or {}).get("ratio")) or [])[:2]) for o in ("heap", "calloc")]
            c.eq("2. run plan: heap 3:1 and calloc 1:1 at the same time", [("interleave", [3, 1]), ("interleave", [1, 1])], got)

    # 2. host mode: the plugin-built library's objects in a host not linked with liboli
    if lab.one("run", "name", "hostlib") is not None:
        h = Run(c, "hostlib", 0, ["work", "vec", "small", "tiny"])
        if h.basics():
            a = h.report.get("summary", {}).get("allocator", {})
            c.eq("2. run hostlib: the allocator is glibc's, host mode", ("host", "glibc"), (a.get("mode"), a.get("name")))
            h.all_placements()
            c.eq("2. run hostlib: decisions of the 48 MiB (65%), 24 MiB (32%) and 2 MiB (3%) objects",
                 ["interleave", "interleave", "dram"], [h.decision(o) for o in ("work", "vec", "small")])
    else:
        c.failures.append("2. run hostlib: missing (lab_hostlib not in the guest)")

    # 2. Fortran: module ALLOCATE arrays and a COMMON block (when flang built it)
    if lab.one("run", "name", "fortran") is not None:
        f = Run(c, "fortran", 0, FORTRAN_OBJECTS)
        if f.basics():
            f.all_placements()
            c.eq("2. run fortran: decisions of the 32 MiB ALLOCATE (59%), the COMMON block (37%), "
                 "the 2 MiB ALLOCATE (4%)", ["interleave", "interleave", "dram"],
                 [f.decision(o) for o in ("falloc", "common", "fsmall")])
        f = Run(c, "fortran-cxl", 0, FORTRAN_OBJECTS)
        if f.basics():
            f.all_placements(["cxl"])
    else:
        # guest/suite-oli.sh runs it whenever the build put lab_fobjects in the guest
        c.eq("2. Fortran runs: lab_fobjects not in the guest (flang-new-19 not found at configure)",
             [], [r for r in lab.group("fortran") if r.get("present") == "1"])

    # 3. per-socket rule
    cpu1 = Run(c, "cpu1", 1)
    if cpu1.basics():
        cpu1.all_placements()
        for o in PLACED:
            if o in cpu1.objs:
                c.eq("3. run cpu1 object %s: pages on node 0 (socket 0 DRAM)" % o, 0, cpu1.kernel_pages(o)[0])
        c.eq("3. run cpu1: a DRAM object is on node 1", "dram", cpu1.decision("small"))
    for name, node in (("pair0", 0), ("pair1", 1)):
        r = Run(c, name, node)
        if r.basics():
            r.all_placements()
            for o in PLACED:
                if o in r.objs:
                    c.eq("3. run %s object %s: pages on the other socket's DRAM" % (name, o), 0,
                         r.kernel_pages(o)[1 - node])

    # 3. two MPI ranks, one per socket (when MPICH built the MPI workload)
    if lab.one("mpi", "present", "1") is not None:
        for name, node in (("mpi0", 0), ("mpi1", 1)):
            r = Run(c, name, node)
            if r.basics():
                c.eq("3. run %s: report rank" % name, node, r.report.get("rank"))
                r.all_placements()
                for o in PLACED:
                    if o in r.objs:
                        c.eq("3. run %s (MPI rank %d) object %s: pages on the other socket's DRAM" % (name, node, o),
                             0, r.kernel_pages(o)[1 - node])

    # 4. DRAM budget
    bud = Run(c, "budget", 0)
    if bud.basics():
        bud.all_placements()
        limit_pages = 40 * 1024 * 1024 // 4096
        placed = [o for o in PLACED if o in bud.objs and bud.decision(o) not in (None, "default")]
        placed_local = sum(max(0, bud.kernel_pages(o)[0] - int(bud.objs[o].get("edge", 0))) for o in placed)
        c.expect(placed_local <= limit_pages, "4. run budget (OLI_DRAM_LIMIT=40M): placed pages on local DRAM",
                 "%d pages > budget %d pages" % (placed_local, limit_pages))
        # The report and the kernel agree on what went to CXL: summary bytes vs the
        # kernel's node-2 pages of the placed objects (1%: intent vs whole pages).
        summ = bud.report.get("summary", {}).get("bytes", {})
        k_cxl = 4096 * sum(bud.kernel_pages(o)[2] for o in placed)
        r_cxl = int(summ.get("cxl") or 0)
        c.expect(k_cxl > 0 and abs(r_cxl - k_cxl) <= 0.01 * k_cxl,
                 "4. run budget: report summary.bytes.cxl = kernel's node-2 bytes of the placed objects",
                 "report %d, kernel %d" % (r_cxl, k_cxl))
        c.expect(int(summ.get("dram") or 0) <= 40 * 1024 * 1024, "4. run budget: report summary.bytes.dram <= 40M",
                 "report %s" % summ.get("dram"))
        if oli.report is not None:
            cxl_b = sum(bud.kernel_pages(o)[2] for o in PLACED if o in bud.objs)
            cxl_o = sum(oli.kernel_pages(o)[2] for o in PLACED if o in oli.objs)
            c.expect(cxl_b > cxl_o, "4. run budget: the budget moved pages to CXL",
                     "node-2 pages with budget %d, without %d" % (cxl_b, cxl_o))

    # 5. fixed policies
    for pol, dec in (("uniform", ["interleave"]), ("dram", ["dram"]), ("cxl", ["cxl"]), ("off", ["default"]),
                     ("rdram", ["rdram"])):
        r = Run(c, pol, 0)
        if r.basics():
            c.eq("5. run %s: report policy" % pol, pol, r.report.get("policy"))
            r.all_placements(dec, PLACED)
            if pol != "uniform":
                r.placement("tiny")
            else:
                check_uniform_task_policy(c, r)
            if pol == "uniform":
                for o in PLACED:
                    s = r.site(o)
                    if s:
                        c.eq("5. run uniform object %s: ratio = default weights" % o,
                             r.report.get("options", {}).get("weights"), s.get("ratio"))

    c.eq("no process was OOM-killed in the guest", ["0"], [r.get("oom_kills") for r in lab.group("dmesg")])


def check_uniform_task_policy(c, r):
    """OLI_POLICY=uniform interleaves the whole process (runtime/policy/taskpolicy.c): the
    report's task_policy, and the 64 KiB object glibc serves (decision default)
    follows it onto node 2. The oli suite leaves the kernel's weights at 1 (6.12)
    and the runtime's are 4:1 (HMAT): not exact, one warning."""
    tp = r.report.get("task_policy") or {}
    mode = "weighted-interleave" if c.kernel == "6.12" else "interleave"
    c.eq("5. run uniform: task_policy (whole process) mode, nodes, weights, exact", (mode, [0, 2], "1:1", False),
         (tp.get("mode"), tp.get("nodes"), tp.get("weights"), tp.get("exact")))
    c.expect("task_policy" in (r.report.get("summary", {}).get("warnings") or {}),
             "5. run uniform: the report counts the task_policy warning (kernel ratio 1:1, runtime's 4:1)",
             "warnings %r" % r.report.get("summary", {}).get("warnings"))
    if "tiny" in r.objs:
        c.expect(r.kernel_pages("tiny")[2] > 0, "5. run uniform: the 64 KiB object (glibc, not placed) has pages "
                 "on node 2 (task policy)", "kernel pages %r" % r.kernel_pages("tiny"))


def check_faults(c):
    """Assertion 6 of the oli suite's log (a CTest test of its own: it reads the log
    numa-lab/oli-boot/K left)."""
    lab = c.lab
    # 6. faults: node 2 full
    fill = lab.group("fill")
    held = [int(x["held_mb"]) for x in fill if "held_mb" in x]
    stops = [x.get("stop") for x in fill if "stop" in x]
    # Full: most of its 1 GiB held as huge pages, and lab_fill took the rest until
    # a user page preferring node 2 landed elsewhere.
    c.expect(held and held[0] >= 700 and stops == ["spill"], "6. node 2 filled before the run",
             "huge pages held %s MiB, filler stopped by %s" % (held, stops))
    c.eq("6. node 2 still held after the run (huge pages and filler: the node stayed full)", ["1"],
         [x.get("alive") for x in fill if "alive" in x])
    full = Run(c, "full", 0)
    if full.basics():
        full.all_placements()
        fb = full.report.get("summary", {}).get("fallbacks", 0)
        fs = sum(int(s.get("fallbacks") or 0) for s in full.report.get("sites", []))
        c.expect(fb > 0 and fs > 0, "6. run full (OLI_POLICY=cxl, node 2 full): report counts the fallback",
                 "summary.fallbacks=%r, sum of site fallbacks=%r" % (fb, fs))
    # 6. bad environment value
    bad = Run(c, "badenv", 0)
    c.eq("6. run badenv (OLI_POLICY=unifrom): exit status", "2", bad.status)
    c.eq("6. run badenv: the one documented error line", [POLICY_ERROR], bad.stderr)
    c.eq("6. run badenv: the program did not run (objects it printed)", [], sorted(bad.objs))
    # 6. vm.overcommit_memory=2: placed as under the heuristic; beyond CommitLimit, NULL/ENOMEM
    commit = lab.group("commit")
    c.eq("6. vm.overcommit_memory=2 set in the guest", ["2"], [x.get("mode") for x in commit if "mode" in x])
    strict = Run(c, "strict", 0)
    if strict.basics():
        strict.all_placements()
        c.eq("6. run strict (overcommit 2): decision of the largest object", "interleave", strict.decision("heap"))
        c.expect(not any("warning" in l for l in strict.stderr if "no CXL" not in l),
                 "6. run strict: no warning (the arena's tables fit the commit limit)", "; ".join(strict.stderr))
    status = [x.get("test_status") for x in commit if "test_status" in x]
    if status:
        out = [l.split(": ", 1)[1] for l in lab.lines if l.startswith("OLI-LAB-STDERR commit: ")]
        c.eq("6. test-commit under overcommit 2: beyond CommitLimit NULL/ENOMEM, like glibc", ["0"], status,)
        c.expect(any(l.startswith("vm.overcommit_memory=2,") for l in out),
                 "6. test-commit ran under mode 2", "; ".join(out))


# ---- suite: cxl (stretch: a node from the kernel's real CXL stack) ---------------
CXL_STEPS = ["modules", "memdev", "region", "namespace", "policy", "system_ram"]
CXL_PLACED = ["heap", "calloc", "small"]  # guest/cxlobjects.c
CXL_OBJECTS = CXL_PLACED + ["tiny"]


def check_cxl(c):
    lab, k = c.lab, c.kernel
    steps = {r.get("step"): r.get("ok") for r in lab.group("cxl")}
    for st in CXL_STEPS:
        if not c.eq("cxl setup step %s (see OLI-LAB-STDERR cxl-%s lines)" % (st, st), "1", steps.get(st)):
            return
    nodes = {int(r["node"]): r for r in lab.group("cxl.node")}
    c.eq("cxl: nodes after daxctl reconfigure-device --mode=system-ram", [0, 1, 2], sorted(nodes))
    if 2 in nodes:
        c.eq("cxl: node 2 has no CPUs", "-", nodes[2].get("cpus"))
        c.expect(int(nodes[2].get("mem_kb") or 0) >= 256 * 1024, "cxl: node 2 memory (512 MiB device)",
                 "MemTotal %s kB" % nodes[2].get("mem_kb"))
    tiers = {int(r["tier"]): nodelist(r["nodes"]) for r in lab.group("cxl.tiers")}
    tier_of = {n: t for t, ns in tiers.items() for n in ns}
    c.expect(2 in tier_of and 0 in tier_of and tier_of[2] != tier_of[0], "cxl: node 2 in its own memory tier",
             "tiers %s" % tiers)
    oli = Run(c, "oli", 0, CXL_OBJECTS)
    if oli.basics():
        topo = oli.report.get("topology", {})
        kinds = {n.get("node"): n.get("kind") for n in topo.get("nodes", [])}
        c.eq("cxl: the runtime classifies the nodes with no hints (0,1 dram, 2 cxl)",
             {0: "dram", 1: "dram", 2: "cxl"}, kinds)
        c.eq("cxl: cxl_node", 2, topo.get("cxl_node"))
        oli.all_placements()
        c.eq("cxl: run oli: decisions of the 8 MiB (67%) and 1 MiB (8%) objects", ["interleave", "dram"],
             [oli.decision("heap"), oli.decision("small")])
    w = Run(c, "weights31", 0, CXL_OBJECTS)
    if w.basics():
        w.all_placements()
        s = w.site("heap")
        c.eq("cxl: run weights31 (OLI_WEIGHTS=3:1): heap decision, ratio, nodes",
             ("interleave", [3, 1], [0, 2]),
             (s and s.get("decision"), s and (ratio_of(s.get("ratio")) or [])[:2], s and (s.get("nodes") or [])[:2]))
    x = Run(c, "cxl", 0, CXL_OBJECTS)
    if x.basics():
        x.all_placements(["cxl"], CXL_PLACED)
    one = Run(c, "cpu1", 1, CXL_OBJECTS)
    if one.basics():
        one.all_placements()
        for o in CXL_PLACED:
            if o in one.objs:
                c.eq("cxl: run cpu1 object %s: pages on node 0" % o, 0, one.kernel_pages(o)[0])
    c.eq("no process was OOM-killed in the guest", ["0"], [r.get("oom_kills") for r in lab.group("dmesg")])


# ---- suite: four-node (topologies/four-node.args; guest/suite-four-node.sh) ------
def check_socket(c, run, topo):
    """run (basics() passed, default policy) on the socket of run.local: each object
    where topo's HMAT puts it, from topo alone: interleaved over the local DRAM node
    and the socket's own CXL node at local:CXL bandwidth (1% of its pages, as the
    oli suite), DRAM and default objects on the local node; nothing on the other
    socket's nodes. The report is also checked against the kernel (placement)."""
    cxl, remote = topo["sockets"][run.local]
    other = sorted({remote} | (set(topo["cxl"]) - {cxl}))
    bl, bc = topo["bw"][run.local], topo["bw"][cxl]
    c.eq(run.what() + ": report policy (no OLI_POLICY: the default)", "oli", run.report.get("policy"))
    run.all_placements()
    c.eq(run.what("heap") + ": decision (32 MiB, 37% of footprint)", "interleave", run.decision("heap"))
    c.eq(run.what("small") + ": decision (2 MiB, 2% of footprint)", "dram", run.decision("small"))
    for o in run.objects:
        s = run.site(o)
        if s is None or o not in run.objs:
            continue
        d = s.get("decision")
        total = int(run.objs[o]["pages"])
        if d == "interleave":
            w = ratio_of(s.get("ratio")) or []
            used = [n for n, x in zip(s.get("nodes") or [], w) if x > 0]
            c.eq(run.what(o) + ": interleave nodes (local DRAM, the socket's own CXL node)", [run.local, cxl], used)
            exp = {run.local: total * bl / (bl + bc), cxl: total * bc / (bl + bc)}
            label = "kernel pages per node at the HMAT ratio local:CXL = %d:%d" % (bl, bc)
        elif d in ("dram", "default"):
            exp = {run.local: total}
            label = "kernel pages per node (decision %s: the local node)" % d
        else:
            c.expect(False, run.what(o) + ": decision under the default policy",
                     "expected interleave, dram or default, report says %r (reason %r)" % (d, s.get("reason")))
            continue
        got = run.match_pages(o, exp, d == "interleave", label)
        c.eq(run.what(o) + ": pages on the other socket's nodes %s" % ",".join(map(str, other)),
             {n: 0 for n in other}, {n: got.get(n, 0) for n in other})


def check_four_node(c):
    lab = c.lab
    check_nodes(c, "four.node", TOPO_FOUR)
    check_tiers(c, "four.tiers", TOPO_FOUR)
    for name, node in (("cpu0", 0), ("cpu1", 1)):
        r = Run(c, name, node)
        if r.basics():
            check_report_topology(c, r, TOPO_FOUR, "run %s:" % name)
            check_socket(c, r, TOPO_FOUR)
    # two MPI ranks, one per socket (when MPICH built the MPI workload)
    if lab.one("mpi", "present", "1") is not None:
        for name, node in (("mpi0", 0), ("mpi1", 1)):
            r = Run(c, name, node)
            if r.basics():
                c.eq("run %s: report rank" % name, node, r.report.get("rank"))
                check_report_topology(c, r, TOPO_FOUR, "run %s:" % name)
                check_socket(c, r, TOPO_FOUR)
    else:
        c.skip("MPI runs mpi0, mpi1: lab_mpiobjects not in the guest (configure found no mpicc, "
               "mpiexec.hydra or hydra_pmi_proxy)")
    c.eq("no process was OOM-killed in the guest", ["0"], [r.get("oom_kills") for r in lab.group("dmesg")])


# Issue 11's findings still open, which --expect-findings requires to
# reproduce: none (both the rule and the striping landed).
PLACEMENT_FINDINGS = ()


def check_placement(c):
    """Issue 11: every placed object of the stand-in kernels follows the 10% rule of
    the peak footprint and its pages are where the decision says; an 800 MiB
    interleave has no run on one node longer than max(w) x 2 MiB and every window
    of sum(w) x 2 MiB and of 32 MiB within one huge page of its ratio."""
    lab = c.lab
    check_stripe(c, "stripe", "page-runs")     # 800 MiB at 4:1: page runs only
    check_stripe(c, "stripe11", "interleave")  # 801 MiB at 1:1: MPOL_INTERLEAVE body, page-run tail
    kernels = [k.get("name") for k in lab.group("kernel") if k.get("present") == "1"]
    c.expect(kernels, "stand-in kernels in the guest", "none of bench-{sp,fsp,fxs,cg}-oli")
    for k in kernels:
        for name in ("rule-" + k, "rule-" + k + "-fp"):
            check_rule_run(c, name)
    check_migration_run(c)
    sl = [r.get("run") for r in lab.group("standin")]
    c.expect(sl, "multi-file stand-ins in the guest", "none of lab_sxs, lab_snpb")
    for name in sl:
        check_budget_standin(c, name)
    # zero-rebuild mode: the kernels built without the plugin, under LD_PRELOAD
    pre = [k.get("name") for k in lab.group("preload") if k.get("present") == "1"]
    c.expect(pre, "kernels built without the plugin in the guest", "none of bench-{sp,fsp}-pre")
    for k in pre:
        name = "pre-" + k
        check_rule_run(c, name)
        txt = lab.json.get(name)
        if txt is not None:
            rep = json.loads(txt)
            placed = [s for s in rep["sites"] if s.get("count") and (s.get("largest") or 0) >= rep["options"]["min_size"]]
            c.expect(placed and all(s.get("frames") for s in placed), "%s: every placed object is a call-stack site" % name,
                     "sites without frames: %s" % [s.get("id") for s in placed if not s.get("frames")])
    c.eq("no process was OOM-killed in the guest", ["0"], [r.get("oom_kills") for r in lab.group("dmesg")])
    if c.expect_findings:
        for f in PLACEMENT_FINDINGS:
            c.expect(c.findings.get(f, 0) > 0, "finding reproduced: " + f, "not seen: the runtime is fixed?")


def check_stripe(c, name, mechanism):
    """One lab_stripe run: no run on one node longer than max(w) x 2 MiB (read back
    page by page), every window of sum(w) x 2 MiB and of 32 MiB within one huge
    page of the ratio, and the report's longest_run the one the pages show."""
    lab = c.lab
    huge = 512  # 4 KiB pages per 2 MiB
    st = Run(c, name, 0, ["big"])
    if not st.basics():
        return
    st.all_placements(["interleave"])
    s = st.site("big") or {}
    w = ratio_of(s.get("ratio")) or [0]
    r = lab.one("stripe", "run", name) or {}
    bound = max(w) * huge
    c.eq(name + ": mechanism", mechanism, s.get("mechanism"))
    runs = [int(r.get("max_run_" + node, 0)) for node in ("n0", "n2")]
    for node, got in zip(("n0", "n2"), runs):
        c.expect(0 < got <= bound, "%s: longest run on %s <= max(w) x 2 MiB (%d pages at %s)" % (
            name, node, bound, s.get("ratio")), "%d pages" % got)
    lr = s.get("longest_run")
    c.expect(isinstance(lr, int) and lr == max(runs) * 4096, name + ": report longest_run = the pages' longest run",
             "report %r bytes, pages show %d pages" % (lr, max(runs)))
    used = (st.report or {}).get("striping", {}).get("vmas_used")
    # the arena block's slack page may make one more VMA than the object shows
    c.expect(isinstance(used, int) and 0 <= used - int(r.get("vmas", -9)) <= 1,
             name + ": VMAs counted against the budget = the object's VMAs in /proc/self/maps",
             "striping.vmas_used %r, maps show %s" % (used, r.get("vmas")))
    c.eq(name + ": every page on node 0 or 2", ("0", "0"), (r.get("other"), r.get("absent")))
    for key, what in (("worst_window", "sum(w) x 2 MiB"), ("worst_window32", "32 MiB")):
        c.expect(r.get(key) is not None and int(r.get(key)) <= huge,
                 "%s: every window of %s within one huge page of the ratio" % (name, what),
                 "worst window %s pages off (window %s pages)" % (r.get(key), r.get("window")))


def check_rule_run(c, name):
    """One kernel run: verified, and each placed site's final decision follows the
    rule of the peak footprint, its pages (pages_achieved) where the decision says."""
    lab = c.lab
    st = lab.one("run", "name", name) or {}
    c.eq("%s: exit status" % name, "0", st.get("status"))
    c.eq("%s: the kernel verified its data" % name, ["1"], [r.get("ok") for r in lab.group("verify")
                                                            if r.get("run") == name])
    txt = lab.json.get(name)
    if not c.expect(txt is not None, "%s: JSON report" % name, "missing"):
        return
    rep = json.loads(txt)
    lp = rep["options"]["large_percent"]
    fp = rep.get("footprint") if isinstance(rep.get("footprint"), dict) else {}
    peak = fp.get("peak") or sum(s.get("peak_live") or 0 for s in rep["sites"])
    placed = [s for s in rep["sites"] if s.get("count") and (s.get("largest") or 0) >= rep["options"]["min_size"]]
    c.expect(placed, "%s: placed objects in the report" % name, "none")
    for s in placed:
        want = "interleave" if s["largest"] * 100 >= lp * peak else "dram"
        reason = s.get("reason") or ""
        if want == "interleave" and "gather (static estimate)" in reason:
            want = "dram"  # issue 15: large but latency-bound by the pass's estimate
        elif want == "interleave" and "but cold (static estimate" in reason:
            want = "cxl"
        label = "%s %s (%.1f%% of the peak footprint %d)" % (name, s.get("name") or s.get("line"),
                                                             100.0 * s["largest"] / peak, peak)
        c.expect(want == s.get("decision"), label + ": final decision follows the %d%% rule" % lp,
                 "expected %r, got %r (reason %r, rule %r)" % (want, s.get("decision"), s.get("reason"),
                                                             s.get("rule")))
        c.expect(s.get("rule") is None, label + ": no re-decision left unapplied", "rule %r" % s.get("rule"))
        check_site_pages(c, label, s)


def check_site_pages(c, label, s):
    """A placed site's pages (pages_achieved, read back by the runtime with
    move_pages) split over the nodes as its pages_intended say, within 1%."""
    ach = {int(k): v for k, v in (s.get("pages_achieved") or {}).items()}
    inten = {int(k): v for k, v in (s.get("pages_intended") or {}).items()}
    if not inten:
        return  # freed before exit (cg's set-up vectors): nothing to read back
    tot = sum(ach.values())
    if not c.expect(tot > 0, label + ": pages present", "pages_achieved %s" % ach):
        return
    # present pages split as intended (1% of the pages; untouched pages aside)
    itot = sum(inten.values()) or 1
    bad = [n for n in set(ach) | set(inten) if abs(ach.get(n, 0) - tot * inten.get(n, 0) / itot) > 0.01 * tot + 1]
    c.expect(not bad, label + ": kernel pages where the decision says",
             "intended %s, achieved %s" % (inten, ach))


# The multi-file stand-ins under a DRAM budget of about 60% of their footprint, no
# profile (guest/suite-placement.sh, budget-*): object name -> decision the static
# estimate joined across files must lead to, and the budget given.
BUDGET_STANDINS = {
    "budget-sxs": ({"SD.nuclide_grid": "dram", "SD.index_grid": "dram", "bank": "interleave",
                    "SD.concs": "cxl"}, 18.7),
    "budget-snpb": ({"u": "interleave", "rhs": "interleave", "work": "interleave", "forcing": "cxl"}, 18.3),
}


def check_budget_standin(c, name):
    """One budget-* run: exit 0, the DRAM budget held, each named object decided as
    the rule's intensity half says and its pages where the decision says."""
    want, limit_mb = BUDGET_STANDINS[name]
    st = c.lab.one("run", "name", name) or {}
    c.eq("%s: exit status" % name, "0", st.get("status"))
    txt = c.lab.json.get(name)
    if not c.expect(txt is not None, "%s: JSON report" % name, "missing"):
        return
    rep = json.loads(txt)
    sites = {}
    for s in rep["sites"]:
        if s.get("count"):
            # by the name the report gives (a module's array without its module,
            # a local pointer's variable), else by file:line
            key = (s.get("name") or "").rsplit("::", 1)[-1] or "%s:%s" % (
                (s.get("file") or "").rsplit("/", 1)[-1], s.get("line"))
            sites.setdefault(key, s)
    dram = int((rep.get("summary") or {}).get("bytes", {}).get("dram") or 0)
    c.expect(dram <= limit_mb * 1024 * 1024, "%s: report summary.bytes.dram within the budget %gM" % (name, limit_mb),
             "%d bytes" % dram)
    for obj, d in sorted(want.items()):
        s = sites.get(obj)
        label = "%s %s" % (name, obj)
        if not c.expect(s is not None, label + ": site in the report", "names: %s" % sorted(sites)):
            continue
        c.expect(s.get("decision") == d, label + ": decision from the joined static estimate",
                 "expected %r, got %r (reason %r, static %r)" % (d, s.get("decision"), s.get("reason"),
                                                                 s.get("static")))
        check_site_pages(c, label, s)


# ---- suite: gate (the CI gate on a multi-file kernel; guest/suite-gate.sh) -------
GATE_EDITED_SITE = ("main.c", 10)  # the scratch vector mkgate.sh's edit grows past OLI_MIN_SIZE


def gate_key(s):
    return ((s.get("file") or "").rsplit("/", 1)[-1], s.get("line"))


def gate_ratio(r):
    """An interleave ratio as oli diff compares it (6:2 equals 3:1), else None."""
    w = ratio_of(r) if r else None
    return ratio_reduce(*w) if w and len(w) == 2 else w


def gate_pages(c, label, rep, s):
    """A placed site's pages: intended on the nodes its decision names (local DRAM
    of the CPU the run is pinned to, the CXL node, the interleave's nodes), present
    there as intended (check_site_pages)."""
    topo = rep.get("topology", {})
    d = s.get("decision")
    nodes = {"dram": [topo.get("local_node")], "cxl": [topo.get("cxl_node")],
             "interleave": s.get("nodes") or []}.get(d)
    inten = sorted(int(n) for n, v in (s.get("pages_intended") or {}).items() if v)
    if c.expect(nodes is not None and inten and set(inten) <= set(nodes),
                label + ": pages intended on the nodes of decision %s" % d,
                "intended %s, decision's nodes %s" % (s.get("pages_intended"), nodes)):
        check_site_pages(c, label, s)


def check_gate(c):
    """The golden plan (oli plan --min-size 1M of the unchanged kernel's profile,
    made at build time) against the reports the kernel wrote in the guest: the
    guest's `oli diff GOLDEN REPORT` exits 0 on the unchanged kernel, every planned
    site decided as planned with its pages where the decision says; it exits 1 on
    the edited one and names the scratch vector (main.c:10), and only it, as moved."""
    lab = c.lab
    txt = lab.json.get("golden")
    if not c.expect(txt is not None, "gate: the golden plan in the log", "missing"):
        return
    golden = json.loads(txt)
    c.eq("gate: golden plan schema", "oli-plan", golden.get("schema"))
    planned = golden.get("sites") or []
    left = golden.get("left_out") or []
    c.expect(planned and left, "gate: the golden plan has planned and left-out sites",
             "%d planned, %d left out" % (len(planned), len(left)))
    c.expect(any(s.get("decision") != "dram" for s in planned),
             "gate: the golden plan puts something off local DRAM (the lab has a CXL node to check)",
             "decisions %s" % [s.get("decision") for s in planned])
    lo = {gate_key(s): s.get("why") for s in left}
    c.eq("gate: the golden plan left the edited site (%s:%d) out as small" % GATE_EDITED_SITE, "small",
         lo.get(GATE_EDITED_SITE))
    for run in ("gate-unchanged", "gate-edited"):
        st = lab.one("run", "name", run) or {}
        c.eq("%s: exit status" % run, "0", st.get("status"))
        err = [l.split(": ", 1)[1] if ": " in l else "" for l in lab.lines if l.startswith("OLI-LAB-STDERR %s:" % run)]
        c.expect(any(e.startswith("oli: plan (embedded): ") for e in err), "%s: the plan is embedded" % run,
                 "stderr %s" % err)
        rtxt = lab.json.get(run)
        if not c.expect(rtxt is not None, "%s: JSON report" % run, "missing"):
            continue
        rep = json.loads(rtxt)
        sites = {s.get("id"): s for s in rep.get("sites", [])}
        for p in planned:
            s = sites.get(p.get("id"))
            label = "%s %s:%s" % (run, *gate_key(p))
            if not c.expect(s is not None, label + ": planned site in the report", "id %s" % p.get("id")):
                continue
            want = (p.get("decision"), gate_ratio(p.get("ratio")))
            got = (s.get("decision"), gate_ratio(s.get("ratio")))
            c.eq(label + ": decision as planned", want, got)
            gate_pages(c, label, rep, s)
        diff = [l.split(": ", 1)[1] if ": " in l else "" for l in lab.lines if l.startswith("OLI-LAB-DIFF %s:" % run)]
        g = lab.one("gate", "run", run) or {}
        moved = [l for l in diff if l.startswith("moved ")]
        if run == "gate-unchanged":
            c.expect(g.get("diff_status") == "0", "gate: oli diff GOLDEN REPORT on the unchanged kernel exits 0",
                     "exit %s: %s" % (g.get("diff_status"), diff))
            summary = "%d sites in both (0 re-matched by location): 0 moved; 0 new, 0 gone; %d left out by the plan, " \
                      "as the run agrees" % (len(planned), len(left))
            c.eq("gate: oli diff summary on the unchanged kernel", [summary], diff[-1:])
            small = [s for s in rep.get("sites", []) if lo.get(gate_key(s)) == "small"]
            c.expect(small and all(s.get("decision") == "default" for s in small),
                     "gate-unchanged: the sites left out as small stay on the default policy",
                     "%s" % [(gate_key(s), s.get("decision")) for s in small])
        else:
            c.expect(g.get("diff_status") == "1", "gate: oli diff GOLDEN REPORT after the edit exits 1",
                     "exit %s: %s" % (g.get("diff_status"), diff))
            f, ln = GATE_EDITED_SITE
            c.expect(len(moved) == 1 and re.match(r"^moved  0x[0-9a-f]+  %s:%d \S+  .*\(left out: small\) -> "
                                                   % (re.escape(f), ln), moved[0]) is not None,
                     "gate: oli diff names the edited site %s:%d, and only it, as moved" % GATE_EDITED_SITE,
                     "moved lines %s" % moved)
            s = next((x for x in rep.get("sites", []) if gate_key(x) == GATE_EDITED_SITE), None)
            if c.expect(s is not None and s.get("decision") not in (None, "default"),
                        "gate-edited: the grown scratch vector is placed",
                        "site %r" % ((s.get("decision"), s.get("reason")) if s else None,)):
                gate_pages(c, "gate-edited %s:%d" % GATE_EDITED_SITE, rep, s)
    c.eq("no process was OOM-killed in the guest", ["0"], [r.get("oom_kills") for r in lab.group("dmesg")])


def ratio_reduce(a, b):
    """common/ratio.c: a:b as small integers, the first sum 2..32 within 5%."""
    if a == 0 or b == 0:
        return [1 if a else 0, 1 if b else 0]
    r, best, out = a / b, 1e300, [1, 1]
    for t in range(2, 33):
        xa = min(max(int(t * a / (a + b) + 0.5), 1), t - 1)
        err = abs(xa / (t - xa) - r) / r
        if err < best - 1e-12:
            best, out = err, [xa, t - xa]
        if err <= 0.05:
            break
    return out


def check_calibrate(c):
    """guest/suite-calibrate.sh: oli calibrate from socket 0, then lab_objects with
    OLI_MACHINE: the weights are the measured local DRAM : CXL bandwidth ratio, ahead
    of HMAT, and the pages follow them; a bad machine file stops the program."""
    lab = c.lab
    c.eq("oli calibrate: exit status", ["0"], [r.get("status") for r in lab.group("calibrate")])
    m = None
    try:
        m = json.loads(lab.json.get("machine", ""))
    except ValueError as e:
        c.failures.append("machine file is not valid JSON: %s" % e)
    if m is None:
        return
    c.eq("machine file: schema", ("oli-machine", 1), (m.get("schema"), m.get("version")))
    rows = {(r.get("from"), r.get("to")): r for r in m.get("measurements", [])}
    c.eq("machine file: every memory node measured from node 0", [(0, n) for n in sorted(TOPO["nodes"])], sorted(rows))
    for (f, t), r in sorted(rows.items()):
        c.expect(isinstance(r.get("read_bandwidth"), int) and r["read_bandwidth"] > 0,
                 "machine file: node %d read bandwidth from node %d" % (t, f), "got %r" % r.get("read_bandwidth"))
        c.expect(isinstance(r.get("idle_latency"), int) and r["idle_latency"] > 0,
                 "machine file: node %d idle latency from node %d" % (t, f), "got %r" % r.get("idle_latency"))
        c.eq("machine file: node %d kind" % t, "dram" if t in TOPO["dram"] else "cxl", r.get("kind"))
        c.eq("machine file: no loaded latency with one CPU per socket (node %d)" % t, None, r.get("loaded_latency"))
    if (0, 0) not in rows or (0, 2) not in rows:
        return
    want = ratio_reduce(rows[(0, 0)]["read_bandwidth"], rows[(0, 2)]["read_bandwidth"])
    run = Run(c, "placed", 0)
    if run.basics():
        t = run.report.get("topology", {})
        c.eq("run placed: weights_source", "machine", t.get("weights_source"))
        c.eq("run placed: weights = measured local DRAM : CXL ratio (%d : %d MB/s)" % (
            rows[(0, 0)]["read_bandwidth"], rows[(0, 2)]["read_bandwidth"]), want,
             (ratio_of(run.report.get("options", {}).get("weights")) or [])[:2])
        nodes = {n.get("node"): n for n in t.get("nodes", [])}
        c.eq("run placed: node 2 read_bandwidth, read_latency from the machine file",
             (rows[(0, 2)]["read_bandwidth"], rows[(0, 2)]["idle_latency"]),
             (nodes.get(2, {}).get("read_bandwidth"), nodes.get(2, {}).get("read_latency")))
        run.all_placements()
        s = run.site("heap")
        c.eq("run placed: the largest object is interleaved at the measured ratio", ("interleave", want),
             (s and s.get("decision"), s and (ratio_of(s.get("ratio")) or [])[:2]))
    bad = Run(c, "badmachine", 0)
    c.eq("run badmachine (OLI_MACHINE with no measurements): exit status", "2", bad.status)
    c.eq("run badmachine: one error line", ["oli: error: OLI_MACHINE=/tmp/empty.json: line 1, column 57: "
                                           "\"measurements\" is missing, empty or not an array; write one with "
                                           "oli calibrate -o FILE, or set OLI_MACHINE=none"], bad.stderr)
    c.eq("run badmachine: the program did not run (objects it printed)", [], sorted(bad.objs))
    c.eq("no process was OOM-killed in the guest", ["0"], [r.get("oom_kills") for r in lab.group("dmesg")])


def check_migration_run(c):
    """lab_stripe migrate: both objects allocated and verified (the migrated one
    kept its data), `first` is on local DRAM now (its pages, read back by the
    program, all on node 0) and the report says it was migrated."""
    r = Run(c, "migrate", 0, ["big", "first"])
    if not r.basics():
        return
    s = r.site("first") or {}
    c.eq("run migrate: first's final decision (5.9% of the footprint: not large)", "dram", s.get("decision"))
    got = r.kernel_pages("first")
    c.eq("run migrate: first's pages read back by the program, all on local node 0",
         {0: int(r.objs["first"]["pages"]), 1: 0, 2: 0}, {n: got.get(n, 0) for n in (0, 1, 2)})
    check_migrated(c, "migrate", "first", s)


def check_migrated(c, name, obj, site=None):
    """A re-decided object that had its pages (lab_stripe migrate's `first`,
    filled before the big object exists) was migrated: the report's re-decision
    says so with the bytes and time, and its pages are now all on the new
    decision's node."""
    txt = c.lab.json.get(name)
    if txt is None:
        return
    rep = json.loads(txt)
    s = site or next((x for x in rep["sites"] if x.get("name") == obj), None)
    if not c.expect(s is not None, "%s: site %s in the report" % (name, obj), "missing"):
        return
    red = [r for r in s.get("redecisions") or [] if r.get("outcome") == "migrated"]
    if not c.expect(red, "%s %s: migrated (a re-decision with outcome migrated)" % (name, obj),
                    "redecisions %r" % s.get("redecisions")):
        return
    r = red[-1]
    c.expect(r.get("to") == s.get("decision") and r.get("bytes_migrated", 0) > 0 and r.get("ns", 0) > 0,
             "%s %s: the migration's decision, bytes and time in the report" % (name, obj), "%r" % r)
    nodes = [str(n) for n in s.get("nodes") or []]
    ach = {k: v for k, v in (s.get("pages_achieved") or {}).items() if v}
    c.expect(ach and set(ach) <= set(nodes), "%s %s: every present page on the new decision's nodes %s" % (
        name, obj, nodes), "pages_achieved %r" % ach)
    mig = (rep.get("summary") or {}).get("migration") or {}
    c.expect(mig.get("migrated", 0) >= 1 and mig.get("bytes", 0) >= r.get("bytes_migrated", 0),
             "%s: summary.migration counts it" % name, "%r" % mig)


def check_boot(c):
    """Only the markers and the kernel series (checked for every suite)."""


SUITES = {"probe": check_probe, "oli": check_oli, "placement": check_placement, "faults": check_faults, "cxl": check_cxl,
          "four-node": check_four_node, "calibrate": check_calibrate, "gate": check_gate, "boot": check_boot, "baselines": baselines.check_baselines,
          "tiering": baselines.check_tiering}


def show(lab):
    """Human summary of a log: result lines, then one table per report."""
    print("kernel %s, finished: %s" % ((lab.begin or {}).get("kernel", "?"), "yes" if lab.end else "NO"))
    for _, _, line in lab.results:
        print(line[len("OLI-LAB "):])
    for name, txt in lab.json.items():
        try:
            rep = json.loads(txt)
        except ValueError as e:
            print("report %s: not JSON (%s)" % (name, e))
            continue
        t = rep.get("topology", {})
        print("\nreport %s: policy %s, weights %s (%s), local node %s, CXL node %s" % (
            name, rep.get("policy"), rep.get("options", {}).get("weights"), t.get("weights_source"),
            t.get("local_node"), t.get("cxl_node")))
        print("  %-14s %-6s %-10s %-6s %-8s %s" % ("kind", "line", "decision", "ratio", "nodes", "pages_achieved"))
        for st in rep.get("sites", []):
            print("  %-14s %-6s %-10s %-6s %-8s %s" % (
                st.get("kind"), st.get("line"), st.get("decision"), st.get("ratio") or "-",
                ",".join(str(n) for n in st.get("nodes") or []) or "-",
                " ".join("n%s=%s" % kv for kv in sorted((st.get("pages_achieved") or {}).items()))))


def main():
    ap = argparse.ArgumentParser(description="NUMA lab console checker")
    ap.add_argument("--suite")
    ap.add_argument("--kernel", choices=["6.12", "6.1"])
    ap.add_argument("--show", action="store_true", help="print the results, assert nothing")
    ap.add_argument("--expect-findings", action="store_true",
                    help="placement: issue 11's findings must reproduce (until the runtime fixes them)")
    ap.add_argument("log")
    a = ap.parse_args()
    if a.show:
        try:
            show(Lab(a.log))
        except OSError as e:
            print("oli-lab: error: cannot read console log '%s': %s" % (a.log, e.strerror), file=sys.stderr)
            return 1
        return 0
    if not a.suite or not a.kernel:
        print("oli-lab: error: --suite and --kernel are required unless --show", file=sys.stderr)
        return 2
    if a.suite not in SUITES:
        print("oli-lab: error: --suite '%s' is not one of %s" % (a.suite, ", ".join(sorted(SUITES))),
              file=sys.stderr)
        return 2
    try:
        lab = Lab(a.log)
    except FileNotFoundError:
        # lab.sh deletes the log before it boots: no log = the boot was skipped.
        print("oli-lab: SKIP: no console log '%s' (the boot test was skipped or not run)" % a.log)
        return 77
    except OSError as e:
        print("oli-lab: error: cannot read console log '%s': %s" % (a.log, e.strerror), file=sys.stderr)
        return 1
    c = Checker(lab, a.kernel)
    c.expect_findings = a.expect_findings
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
    if c.skip_reason and not c.failures:
        print("oli-lab: SKIP [%s]: %s" % (name, c.skip_reason))
        return 77
    for why in c.skipped:
        print("oli-lab: not checked [%s]: %s" % (name, why))
    if c.failures:
        # the failures before the tail as well as after it: a CI log cut in the
        # middle still names what failed
        for f in c.failures:
            print("oli-lab: FAIL [%s]: %s" % (name, f))
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
